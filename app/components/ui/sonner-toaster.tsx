import * as React from 'react'
import { useEffect } from 'react'
import {
  CircleCheckIcon,
  InfoIcon,
  Loader2Icon,
  OctagonXIcon,
  TriangleAlertIcon,
} from 'lucide-react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

const themeVariables = {
  '--normal-bg': 'hsl(var(--background))',
  '--normal-text': 'hsl(var(--foreground))',
  '--normal-border': 'hsl(var(--border))',
  '--border-radius': 'var(--radius)',
} as React.CSSProperties

/** Sonner's toaster in the site's colours; `onMounted` runs once it listens for toasts. */
function Toaster({ style, onMounted, ...props }: ToasterProps & { onMounted: () => void }) {
  // A parent's effect runs after its children's: Sonner subscribes to new toasts before this one.
  useEffect(onMounted, [onMounted])
  return (
    <Sonner
      theme="light"
      className="toaster group"
      icons={{
        success: <CircleCheckIcon className="size-4" />,
        info: <InfoIcon className="size-4" />,
        warning: <TriangleAlertIcon className="size-4" />,
        error: <OctagonXIcon className="size-4" />,
        loading: <Loader2Icon className="size-4 animate-spin" />,
      }}
      style={{ ...themeVariables, ...style }}
      {...props}
    />
  )
}

export { Toaster }
export { toast } from 'sonner'
