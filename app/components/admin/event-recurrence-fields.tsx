import { useState } from 'react'
import { SelectField } from '#app/components/forms/choice-fields.tsx'
import { DatesCalendar } from '#app/components/admin/dates-calendar.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { FieldMessage } from '#app/components/forms/form-message.tsx'
import {
  MAX_INTERVAL,
  MAX_OCCURRENCES,
  WEEKDAYS,
  WEEKDAY_NAMES,
  formatRecurrence,
  parseRecurrence,
  type RecurrenceFrequency,
  type RecurrenceRule,
  type Weekday,
} from '#app/domain/event/recurrence.ts'

type Choice = 'none' | RecurrenceFrequency | 'custom'
type Ending = 'until' | 'count'

const CHOICES = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'DAILY', label: 'Daily' },
  { value: 'WEEKLY', label: 'Weekly' },
  { value: 'MONTHLY', label: 'Monthly (same day of the month)' },
  { value: 'custom', label: 'Custom rule (RRULE)' },
] as const

const UNITS: Record<RecurrenceFrequency, string> = { DAILY: 'days', WEEKLY: 'weeks', MONTHLY: 'months' }

interface Builder {
  choice: Choice
  interval: string
  days: Weekday[]
  ending: Ending
  until: string
  count: string
  custom: string
}

/** The builder's state for a stored rule: what it cannot show (a place in the month, days of the month) stays a custom rule. */
function builderFor(recurrence: string | null): Builder {
  const empty: Builder = { choice: 'none', interval: '1', days: [], ending: 'until', until: '', count: '10', custom: recurrence ?? '' }
  if (!recurrence) return empty
  const parsed = parseRecurrence(recurrence)
  if (!parsed.ok) return { ...empty, choice: 'custom' }
  const { rule } = parsed
  const plainDays = rule.byDay.every((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day))
  if (!plainDays || rule.byMonthDay.length > 0 || (rule.freq !== 'WEEKLY' && rule.byDay.length > 0)) return { ...empty, choice: 'custom' }
  return {
    ...empty,
    choice: rule.freq,
    interval: String(rule.interval),
    days: rule.byDay as Weekday[],
    ending: rule.count !== null ? 'count' : 'until',
    until: rule.until ?? '',
    count: rule.count !== null ? String(rule.count) : '10',
  }
}

/** The RRULE value the builder stands for ('' for none); the server checks it like any other. */
function ruleOf(builder: Builder): string {
  if (builder.choice === 'none') return ''
  if (builder.choice === 'custom') return builder.custom.trim()
  const rule: RecurrenceRule = {
    freq: builder.choice,
    interval: Number(builder.interval) || 1,
    byDay: builder.choice === 'WEEKLY' ? WEEKDAYS.filter((day) => builder.days.includes(day)) : [],
    byMonthDay: [],
    until: builder.ending === 'until' ? builder.until || null : null,
    count: builder.ending === 'count' ? Number(builder.count) || null : null,
  }
  // Without an end the server refuses the rule with its own message: send it as typed.
  return formatRecurrence(rule)
}

interface EventRecurrenceFieldsProps {
  recurrence: string | null
  exceptions: readonly string[]
  errors: { recurrence?: string; exceptions?: string }
  onChange: () => void
}

/**
 * How an event repeats, built from plain choices (every N days, weeks on
 * some weekdays, months; until a date or N times) into the RRULE value the
 * form posts as `recurrence`, plus the dates it skips, picked on a calendar.
 */
export function EventRecurrenceFields({ recurrence, exceptions, errors, onChange }: EventRecurrenceFieldsProps) {
  const [builder, setBuilder] = useState(() => builderFor(recurrence))
  const update = (changes: Partial<Builder>) => {
    setBuilder((current) => ({ ...current, ...changes }))
    onChange()
  }
  const repeating = builder.choice !== 'none'
  const builtIn = builder.choice === 'DAILY' || builder.choice === 'WEEKLY' || builder.choice === 'MONTHLY'
  return (
    <fieldset className="space-y-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">Repeat</legend>
      <input type="hidden" name="recurrence" value={ruleOf(builder)} />
      <SelectField
        id="repeatChoice"
        name="repeatChoice"
        label="Repeats"
        options={CHOICES}
        value={builder.choice}
        onValueChange={(value) => update({ choice: value as Choice })}
        error={builtIn ? errors.recurrence : undefined}
      />
      {builtIn ? (
        <>
          <Field
            id="repeatInterval"
            name="repeatInterval"
            label={`Every how many ${UNITS[builder.choice as RecurrenceFrequency]}`}
            type="number"
            min={1}
            max={MAX_INTERVAL}
            value={builder.interval}
            onChange={(event) => update({ interval: event.target.value })}
          />
          {builder.choice === 'WEEKLY' ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">On</legend>
              <div className="flex flex-wrap gap-3">
                {WEEKDAYS.map((day) => (
                  <label key={day} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={builder.days.includes(day)}
                      onChange={(event) => update({ days: event.target.checked ? [...builder.days, day] : builder.days.filter((other) => other !== day) })}
                    />
                    {WEEKDAY_NAMES[day]}
                  </label>
                ))}
              </div>
              <p className="text-xs text-muted-foreground">None ticked: the start date's weekday.</p>
            </fieldset>
          ) : null}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Ends</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="space-y-2">
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="repeatEnding" className="size-4 accent-primary" checked={builder.ending === 'until'} onChange={() => update({ ending: 'until' })} />
                  On a date
                </label>
                <Label htmlFor="repeatUntil" className="sr-only">
                  Last date
                </Label>
                <input
                  id="repeatUntil"
                  type="date"
                  className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm disabled:opacity-50"
                  value={builder.until}
                  disabled={builder.ending !== 'until'}
                  onChange={(event) => update({ until: event.target.value })}
                />
              </div>
              <div className="space-y-2">
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="repeatEnding" className="size-4 accent-primary" checked={builder.ending === 'count'} onChange={() => update({ ending: 'count' })} />
                  After a number of times
                </label>
                <Label htmlFor="repeatCount" className="sr-only">
                  Number of times
                </Label>
                <input
                  id="repeatCount"
                  type="number"
                  min={1}
                  max={MAX_OCCURRENCES}
                  className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm disabled:opacity-50"
                  value={builder.count}
                  disabled={builder.ending !== 'count'}
                  onChange={(event) => update({ count: event.target.value })}
                />
              </div>
            </div>
          </fieldset>
        </>
      ) : null}
      {builder.choice === 'custom' ? (
        <Field
          id="repeatCustom"
          name="repeatCustom"
          label="Rule"
          placeholder="FREQ=MONTHLY;BYDAY=1FR;UNTIL=20270701"
          value={builder.custom}
          onChange={(event) => update({ custom: event.target.value })}
          error={errors.recurrence}
          description="An RRULE with FREQ=DAILY, WEEKLY or MONTHLY and INTERVAL, BYDAY, BYMONTHDAY, and an end: UNTIL=a last date, or COUNT=a number of times."
        />
      ) : null}
      {!builtIn && builder.choice !== 'custom' ? <FieldMessage id="recurrence-error" message={errors.recurrence} /> : null}
      {repeating ? (
        <DatesCalendar
          id="exceptions"
          name="exceptions"
          label="Skipped dates (optional)"
          defaultDates={exceptions}
          error={errors.exceptions}
          description="Click the dates on which it does not happen (half-term, holidays); click again to keep one."
          onChange={onChange}
        />
      ) : null}
    </fieldset>
  )
}
