import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

export default [
  layout('routes/site/layout.tsx', [
    index('routes/site/home.tsx'),
    route('gallery', 'routes/site/gallery.tsx'),
    route('blogs', 'routes/site/blogs.tsx'),
    route('blogs/:slug', 'routes/site/blog-post.tsx'),
    route('policies', 'routes/site/policies.tsx'),
    route('calendar', 'routes/site/calendar.tsx'),
  ]),
  route('auth', 'routes/auth/sign-in.tsx'),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('sections', 'routes/admin/sections.tsx'),
    route('blogs', 'routes/admin/blogs.tsx'),
    route('events', 'routes/admin/events.tsx'),
    route('gallery', 'routes/admin/gallery.tsx'),
    route('policies', 'routes/admin/policies.tsx'),
    route('testimonials', 'routes/admin/testimonials.tsx'),
    route('contact', 'routes/admin/contact-messages.tsx'),
    route('image-picker', 'routes/admin/image-picker.ts'),
  ]),
  route('blogs/rss.xml', 'routes/feeds/blog-rss.ts'),
  route('calendar.ics', 'routes/feeds/calendar-ics.ts'),
  route('sitemap.xml', 'routes/feeds/sitemap.ts'),
  route('robots.txt', 'routes/feeds/robots.ts'),
  route('api/auth/*', 'routes/api/auth.ts'),
  route('api/changes', 'routes/api/changes.ts'),
  route('files/:bucket/*', 'routes/files.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
