import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'

describe('UI kit renders on the server with accessible markup', () => {
  test('form controls', () => {
    const html = renderToString(
      <form>
        <Label htmlFor="email">Email</Label>
        <Input id="email" type="email" required />
        <Textarea aria-label="Message" maxLength={1000} />
        <Switch aria-label="Enabled" defaultChecked />
        <Button disabled>Saving...</Button>
        <Button asChild variant="link">
          <a href="/">Return to Home</a>
        </Button>
      </form>,
    )
    expect(html).toContain('<label')
    expect(html).toMatch(/<input[^>]*type="email"/)
    expect(html).toMatch(/role="switch"[^>]*aria-checked="true"/)
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Saving...<\/button>/)
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Return to Home<\/a>/)
  })

  test('display components', () => {
    const html = renderToString(
      <>
        <Card>
          <CardHeader>
            <CardTitle>Blog Posts</CardTitle>
          </CardHeader>
          <CardContent>3</CardContent>
        </Card>
        <Badge variant="secondary">New</Badge>
        <Skeleton className="h-4" />
        <Spinner />
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableRow>
              <TableCell>a@example.org</TableCell>
            </TableRow>
          </TableBody>
        </Table>
        <Tabs defaultValue="colors">
          <TabsList>
            <TabsTrigger value="colors">Colors</TabsTrigger>
            <TabsTrigger value="header">Header</TabsTrigger>
          </TabsList>
          <TabsContent value="colors">Primary</TabsContent>
        </Tabs>
      </>,
    )
    expect(html).toContain('Blog Posts')
    expect(html).toContain('>New<')
    expect(html).toMatch(/<th[^>]*>Email<\/th>/)
    expect(html).toMatch(/role="tablist"/)
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Colors/)
    expect(html).toMatch(/aria-label="Loading"|>Loading</)
  })
})
