/**
 * How many leading values of a sorted list satisfy `isBefore` (which holds for a prefix of the list and
 * then no more): the index of the first value that does not, found by halving. The calendar picks a
 * window of a series' kept dates, and the days of its month grid, this way.
 */
export function countLeading<T>(sorted: ArrayLike<T>, isBefore: (value: T) => boolean): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (isBefore(sorted[middle]!)) low = middle + 1
    else high = middle
  }
  return low
}
