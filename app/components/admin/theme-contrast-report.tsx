import { CircleAlert, CircleCheck } from 'lucide-react'
import { formatRatio, type PairContrast } from '#app/domain/theme/contrast.ts'
import { cn } from '#app/lib/utils.ts'

/** The sample shows the pair as the site paints it: its text colour on its background. */
function Sample({ text, background }: { text: string; background: string }) {
  return (
    <span aria-hidden className="inline-flex h-9 w-14 shrink-0 items-center justify-center rounded-md border border-black/10 text-base font-semibold" style={{ color: `hsl(${text})`, backgroundColor: `hsl(${background})` }}>
      Aa
    </span>
  )
}

/**
 * Each place the public site sets text of one theme colour on another, with
 * its WCAG contrast ratio: what the admin needs to fix before the theme can
 * be activated.
 */
export function ThemeContrastReport({ report }: { report: PairContrast[] }) {
  const failing = report.filter((entry) => !entry.passes).length
  return (
    <section aria-labelledby="contrast-heading" className="space-y-3">
      <div>
        <h3 id="contrast-heading" className="font-semibold">
          Contrast for visitors
        </h3>
        <p className="text-sm text-muted-foreground" role="status">
          {failing === 0
            ? 'Every pair meets WCAG AA: 4.5:1 for text, 3:1 for large titles.'
            : `${failing === 1 ? 'One pair is' : `${failing} pairs are`} below WCAG AA. The theme can be saved, but not activated until every pair passes.`}
        </p>
      </div>
      <ul className="divide-y rounded-lg border" aria-label="Contrast of each text and background pair">
        {report.map((entry) => {
          return (
            <li key={entry.pair.label} className="flex items-center gap-3 p-3">
              <Sample text={entry.text} background={entry.background} />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium">{entry.pair.label}</span>
                <span className="block text-xs text-muted-foreground">
                  {entry.pair.colorKeys.join(', ')} · needs {entry.minimum}:1{entry.pair.size === 'large' ? ' (large text)' : ''}
                </span>
              </span>
              <span className={cn('flex shrink-0 items-center gap-1 text-sm font-semibold tabular-nums', entry.passes ? 'text-green-700' : 'text-destructive')}>
                {entry.passes ? <CircleCheck aria-hidden className="size-4" /> : <CircleAlert aria-hidden className="size-4" />}
                {formatRatio(entry.ratio)}
                <span className="sr-only">{entry.passes ? ', passes' : ', too low'}</span>
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
