import * as React from 'react'
import { Loader2Icon } from 'lucide-react'

import { cn } from '#app/lib/utils.ts'

function Spinner({
  className,
  label = 'Loading',
  ...props
}: Omit<React.ComponentProps<typeof Loader2Icon>, 'aria-label'> & {
  label?: string
}) {
  return (
    <Loader2Icon
      data-slot="spinner"
      role="status"
      aria-label={label}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  )
}

export { Spinner }
