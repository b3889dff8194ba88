import { BellOff, BellRing } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { PUSH_MESSAGES, PUSH_TOPICS, type PushTopic } from '#app/domain/push/push-topics.ts'

/** The texts of every state (docs/product-rules.md#push-notifications). */
export const GET_NOTIFIED_TEXTS = {
  heading: 'Notifications on this device',
  intro: 'Get a notification on this phone or computer when the school posts an alert or news.',
  button: 'Get notified',
  turnOff: 'Turn off notifications',
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
  saved: 'Your choice is saved.',
  unsupported: 'This browser cannot show notifications from websites. Try another browser, or subscribe by e-mail.',
  iosInstall:
    "On iPhone and iPad, notifications work only for sites on the Home Screen. Tap the Share button, choose 'Add to Home Screen', then open the site from its new icon and press 'Get notified' there.",
  denied:
    "Notifications are blocked for this site. To allow them, open this site's settings in your browser (the icon beside the address, or Settings → Notifications on a phone), allow notifications, then reload this page.",
  dismissed: "Notifications were not allowed. Press 'Get notified' again to choose.",
  failed: 'Notifications could not be turned on. Please try again later.',
} as const

const TOPIC_LABELS: Record<PushTopic, string> = {
  alerts: 'Alerts: closures, emergencies and urgent changes',
  news: 'News: each new post',
}
/** Both, as the push_subscriptions table's defaults: a family who presses the button wants to hear from the school. */
const DEFAULT_TOPICS: readonly PushTopic[] = ['alerts', 'news']
/** The topics this browser chose, to show them again on the next visit (the server keeps its own copy). */
const TOPICS_KEY = 'push-topics'

type State = 'checking' | 'unsupported' | 'ios-install' | 'denied' | 'ready' | 'working' | 'subscribed'

function isAppleMobile() {
  // iPadOS presents itself as a Mac; only its touch screen tells it apart.
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1)
}

function isInstalled() {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true
}

function pushSupported() {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

function storedTopics(): PushTopic[] {
  try {
    const saved = JSON.parse(localStorage.getItem(TOPICS_KEY) ?? 'null') as unknown
    if (Array.isArray(saved)) {
      const topics = PUSH_TOPICS.filter((topic) => saved.includes(topic))
      if (topics.length) return topics
    }
  } catch {
    // Storage blocked or damaged: the defaults.
  }
  return [...DEFAULT_TOPICS]
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  return Uint8Array.from(binary, (character) => character.charCodeAt(0))
}

function sameKey(key: ArrayBuffer | null | undefined, expected: Uint8Array) {
  if (!key) return false
  const bytes = new Uint8Array(key)
  return bytes.length === expected.length && bytes.every((byte, index) => byte === expected[index])
}

async function postJson(path: string, body: unknown) {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { error?: string } | null
    throw new Error(answer?.error ?? GET_NOTIFIED_TEXTS.failed)
  }
}

async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration('/')
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** Subscribes this browser with the site's key (again, if it was subscribed with another) and tells the site. */
async function subscribe(topics: PushTopic[]) {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  await navigator.serviceWorker.ready
  const response = await fetch('/push/public-key')
  if (!response.ok) throw new Error(GET_NOTIFIED_TEXTS.failed)
  const { publicKey } = (await response.json()) as { publicKey: string }
  const applicationServerKey = keyBytes(publicKey)
  let subscription = await registration.pushManager.getSubscription()
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })
  try {
    await postJson('/push/subscriptions', { ...subscription.toJSON(), topics })
  } catch (error) {
    await subscription.unsubscribe().catch(() => {})
    throw error
  }
}

/**
 * The 'Get notified' button for browser and phone notifications. It asks
 * for permission only when pressed, and says what to do where it cannot:
 * a browser without Web Push, an iPhone or iPad whose Safari has not added
 * the site to the Home Screen, notifications blocked in the settings.
 */
export function GetNotifiedButton() {
  const id = useId()
  const [state, setState] = useState<State>('checking')
  const [topics, setTopics] = useState<PushTopic[]>([...DEFAULT_TOPICS])
  const [message, setMessage] = useState('')

  useEffect(() => {
    let cancelled = false
    async function check(): Promise<State> {
      if (isAppleMobile() && !isInstalled()) return 'ios-install'
      if (!pushSupported()) return 'unsupported'
      if (Notification.permission === 'denied') return 'denied'
      return Notification.permission === 'granted' && (await currentSubscription()) ? 'subscribed' : 'ready'
    }
    void check()
      .catch((): State => 'ready')
      .then((found) => {
        if (cancelled) return
        setTopics(storedTopics())
        setState(found)
      })
    return () => {
      cancelled = true
    }
  }, [])

  async function turnOn() {
    if (!topics.length) return setMessage(PUSH_MESSAGES.topics)
    setState('working')
    setMessage('')
    try {
      const permission = await Notification.requestPermission()
      if (permission === 'denied') return setState('denied')
      if (permission !== 'granted') {
        setMessage(GET_NOTIFIED_TEXTS.dismissed)
        return setState('ready')
      }
      await subscribe(topics)
      localStorage.setItem(TOPICS_KEY, JSON.stringify(topics))
      setState('subscribed')
      setMessage(GET_NOTIFIED_TEXTS.on)
    } catch (error) {
      setMessage(error instanceof Error && error.message ? error.message : GET_NOTIFIED_TEXTS.failed)
      setState('ready')
    }
  }

  async function turnOff() {
    setState('working')
    setMessage('')
    try {
      const subscription = await currentSubscription()
      if (subscription) {
        await postJson('/push/subscriptions/delete', { endpoint: subscription.endpoint })
        await subscription.unsubscribe()
      }
      setState('ready')
      setMessage(GET_NOTIFIED_TEXTS.off)
    } catch (error) {
      setMessage(error instanceof Error && error.message ? error.message : GET_NOTIFIED_TEXTS.failed)
      setState('subscribed')
    }
  }

  /** While subscribed, a changed choice is saved at once; the last topic cannot be unticked (that is 'Turn off'). */
  async function choose(topic: PushTopic, checked: boolean) {
    const next = PUSH_TOPICS.filter((each) => (each === topic ? checked : topics.includes(each)))
    setTopics(next)
    setMessage('')
    if (state !== 'subscribed') return
    try {
      const subscription = await currentSubscription()
      if (!subscription) return setState('ready')
      await postJson('/push/subscriptions', { ...subscription.toJSON(), topics: next })
      localStorage.setItem(TOPICS_KEY, JSON.stringify(next))
      setMessage(GET_NOTIFIED_TEXTS.saved)
    } catch (error) {
      setMessage(error instanceof Error && error.message ? error.message : GET_NOTIFIED_TEXTS.failed)
    }
  }

  const notice =
    state === 'unsupported' ? GET_NOTIFIED_TEXTS.unsupported : state === 'ios-install' ? GET_NOTIFIED_TEXTS.iosInstall : state === 'denied' ? GET_NOTIFIED_TEXTS.denied : null
  const canChoose = state === 'ready' || state === 'subscribed' || state === 'checking' || state === 'working'

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border bg-card p-6 text-card-foreground shadow-xs" data-push-state={state}>
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold">
        <BellRing aria-hidden className="size-5 text-primary" />
        {GET_NOTIFIED_TEXTS.heading}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{GET_NOTIFIED_TEXTS.intro}</p>
      {notice ? (
        <p className="mt-4 rounded-md border border-border bg-muted p-3 text-sm">{notice}</p>
      ) : canChoose ? (
        <>
          <fieldset className="mt-4 space-y-2">
            <legend className="text-sm font-medium">Tell me about</legend>
            {PUSH_TOPICS.map((topic) => (
              <label key={topic} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="topics"
                  value={topic}
                  className="mt-0.5 size-4 accent-primary"
                  checked={topics.includes(topic)}
                  disabled={state === 'working' || (state === 'subscribed' && topics.length === 1 && topics.includes(topic))}
                  onChange={(event) => void choose(topic, event.target.checked)}
                />
                {TOPIC_LABELS[topic]}
              </label>
            ))}
          </fieldset>
          <div className="mt-4">
            {state === 'subscribed' ? (
              <Button type="button" variant="outline" onClick={() => void turnOff()}>
                <BellOff aria-hidden />
                {GET_NOTIFIED_TEXTS.turnOff}
              </Button>
            ) : (
              <Button type="button" disabled={state !== 'ready'} onClick={() => void turnOn()}>
                <BellRing aria-hidden />
                {GET_NOTIFIED_TEXTS.button}
              </Button>
            )}
          </div>
        </>
      ) : null}
      <p role="status" className="mt-3 text-sm">
        {state === 'subscribed' && !message ? GET_NOTIFIED_TEXTS.on : message}
      </p>
    </section>
  )
}
