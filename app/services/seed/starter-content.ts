import type { SectionContent } from '#app/domain/section/section.schema.ts'

/**
 * What a fresh install shows before anyone edits it: sensible, generic text
 * that an editor replaces. Image URLs are filled in by the seed.
 */
export function starterSections(images: { logo: string; hero: string[]; about: string }): SectionContent {
  return {
    'home.logos': { image: images.logo, title: 'Our School', hoverText: 'Welcome to Our School', shareImage: '' },
    'home.hero': {
      slides: [
        {
          title: 'Welcome to Our School',
          subtitle: 'A caring community where every child learns, grows and belongs.',
          image: images.hero[0] ?? '',
        },
        {
          title: 'Learning Beyond the Classroom',
          subtitle: 'Clubs, trips and projects that spark curiosity and confidence.',
          image: images.hero[1] ?? images.hero[0] ?? '',
        },
        {
          title: 'Join Our Community',
          subtitle: 'Visit us, meet our teachers and see what makes our school special.',
          image: images.hero[2] ?? images.hero[0] ?? '',
        },
      ],
    },
    'home.features': {
      title: 'Why Choose Us',
      features: [
        { icon: 'BookOpen', title: 'Strong Foundations', description: 'A broad curriculum with reading, writing and maths at its heart.', image: '' },
        { icon: 'Users', title: 'Small Classes', description: 'Teachers who know every pupil by name and by need.', image: '' },
        { icon: 'Award', title: 'Recognised Excellence', description: 'Proud results, and prouder still of the people our pupils become.', image: '' },
        { icon: 'Heart', title: 'Pastoral Care', description: 'Wellbeing support so that every child feels safe and heard.', image: '' },
        { icon: 'Globe', title: 'Open to the World', description: 'Languages, exchanges and projects with schools abroad.', image: '' },
        { icon: 'Zap', title: 'Clubs and Sport', description: 'Music, drama, coding and sport every day after lessons.', image: '' },
      ],
    },
    'home.about': {
      title: 'About Our School',
      content:
        '<p>Our school has served families in our community for many years. We believe that every child can succeed when they are known, challenged and supported.</p><p>Visitors are always welcome: contact the office to arrange a tour.</p>',
      image: images.about,
    },
    'home.contact': {
      schoolName: 'Our School',
      phone: '+1 (555) 010-0000',
      email: 'office@example.org',
      address: '1 School Lane, Hometown',
    },
    'calendar.google': { url: '' },
  }
}
