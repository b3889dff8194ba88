/**
 * The school's own pages a site with demo content starts with, and where its
 * menus link to them. The HTML is written as the rich-text sanitiser keeps it
 * (headings from h2, since the page title is the h1; links that name where
 * they go; no images), so the pages pass the publishing checks unchanged.
 */
export interface DemoPage {
  slug: string
  title: string
  /** The slug of the page it sits under, if any. */
  parentSlug: string | null
  seoDescription: string
  content: string
}

const TERM_DATES = `<p>Here are the term and holiday dates for the 2026–27 school year. The dates are when pupils are in school; please plan family holidays around them, as we cannot authorise holidays in term time.</p>
<h2>School year 2026–27</h2>
<table><thead><tr><th>Term</th><th>Starts</th><th>Ends</th></tr></thead><tbody><tr><td>Autumn term</td><td>Thursday 3 September 2026</td><td>Friday 18 December 2026</td></tr><tr><td>Autumn half-term</td><td>Monday 26 October 2026</td><td>Friday 30 October 2026</td></tr><tr><td>Spring term</td><td>Tuesday 5 January 2027</td><td>Friday 26 March 2027</td></tr><tr><td>Spring half-term</td><td>Monday 15 February 2027</td><td>Friday 19 February 2027</td></tr><tr><td>Summer term</td><td>Monday 12 April 2027</td><td>Wednesday 21 July 2027</td></tr><tr><td>Summer half-term</td><td>Monday 31 May 2027</td><td>Friday 4 June 2027</td></tr></tbody></table>
<aside data-callout="info"><p>School is closed to pupils on our five INSET (staff training) days: Tuesday 1 and Wednesday 2 September 2026, Monday 2 November 2026, Monday 4 January 2027 and Thursday 22 July 2027.</p></aside>
<h2>Bank holidays</h2>
<p>School is also closed on the May Day bank holiday, Monday 3 May 2027. Upcoming events, concerts and trips are on the <a href="/calendar">school calendar</a>.</p>`

const ADMISSIONS = `<p>Thank you for thinking of our school for your child. We are a friendly, inclusive community, and we look forward to getting to know your family.</p>
<h2>Starting in Reception</h2>
<p>Children born between 1 September 2022 and 31 August 2023 start school in September 2027. Applications are made through your local council, and the closing date is 15 January 2027. Offers are sent out on 16 April 2027.</p>
<h2>Joining during the year</h2>
<p>If your child would like to join another year group, please get in touch with the school office. We will tell you whether we have a place and help you with the application form.</p>
<h2>How places are offered</h2>
<p>When we have more applications than places, we follow the oversubscription criteria set out in our <a href="/policies">Admissions Policy</a>. Looked-after children and children with a sibling at the school are given priority.</p>
<h2>Come and see us</h2>
<p>The best way to get a feel for the school is to visit. Details of our next tours are on the <a href="/admissions/open-days">Open Days page</a>.</p>`

const OPEN_DAYS = `<p>We warmly invite families to visit us before applying. You will meet our headteacher, see the classrooms at work and have plenty of time for questions.</p>
<h2>Dates for 2026–27</h2>
<ul><li>Wednesday 7 October 2026, 9:30 am to 11:00 am</li><li>Thursday 5 November 2026, 4:00 pm to 5:30 pm</li><li>Tuesday 1 December 2026, 9:30 am to 11:00 am</li></ul>
<h2>Booking a place</h2>
<p>Places on each tour are limited so that every family gets a proper look around. To book, call the school office or send us a message through our <a href="/contact">contact form</a>, giving your child's name and date of birth.</p>
<h2>Can't make these dates?</h2>
<p>We are happy to arrange a visit at another time. Just let the office know which days suit you.</p>`

const UNIFORM = `<p>Our uniform helps children feel part of the school community. We keep it simple and affordable, and every item can be bought from high-street shops except the sweatshirt and book bag.</p>
<h2>Everyday uniform</h2>
<ul><li>Navy sweatshirt or cardigan with the school logo</li><li>White polo shirt</li><li>Grey or black trousers, skirt or pinafore</li><li>Blue gingham dress in the summer term</li><li>Black school shoes (no trainers)</li></ul>
<h2>PE kit</h2>
<ul><li>Plain white T-shirt</li><li>Navy shorts, and navy jogging bottoms for outdoor lessons in winter</li><li>Trainers or plimsolls</li></ul>
<h2>Please remember</h2>
<ul><li>Label every item with your child's name.</li><li>Long hair should be tied back, and jewellery is limited to a watch and small stud earrings.</li></ul>
<h3>Help with costs</h3>
<p>Our Friends of the School association runs a pre-loved uniform rail in the hall every Friday after school. If buying uniform is difficult, please speak to the office in confidence.</p>`

const CONTACT_US = `<p>The school office is the first place to go with any question. Our office team will be glad to help or to put you in touch with the right person.</p>
<h2>Office opening hours</h2>
<ul><li>Monday to Thursday: 8:00 am to 4:30 pm</li><li>Friday: 8:00 am to 4:00 pm</li><li>During the school holidays the office is closed, but e-mails are checked once a week.</li></ul>
<h2>How to reach us</h2>
<p>You can phone or e-mail the office, or send a message through our <a href="/contact">contact form</a>. We aim to reply within two school days.</p>
<h3>Reporting an absence</h3>
<p>If your child is unwell, please phone the office before 9:00 am on each day of absence and leave a message if the line is busy.</p>
<h3>Speaking to a teacher</h3>
<p>Class teachers are available briefly at the classroom door at the end of the day. For a longer conversation, ask the office to book an appointment.</p>
<h2>Visiting the school</h2>
<p>All visitors sign in at the main reception. There is no parking on site, so please use the public car park on the high street.</p>`

export const DEMO_PAGES: readonly DemoPage[] = [
  {
    slug: 'term-dates',
    title: 'Term Dates',
    parentSlug: null,
    seoDescription: 'Term, half-term and INSET dates for the 2026–27 school year.',
    content: TERM_DATES,
  },
  {
    slug: 'admissions',
    title: 'Admissions',
    parentSlug: null,
    seoDescription: 'How to apply for a place at our school, in Reception or during the year.',
    content: ADMISSIONS,
  },
  {
    slug: 'open-days',
    title: 'Open Days',
    parentSlug: 'admissions',
    seoDescription: 'Visit the school before you apply: our open day dates and how to book.',
    content: OPEN_DAYS,
  },
  {
    slug: 'uniform',
    title: 'Uniform',
    parentSlug: null,
    seoDescription: 'What pupils wear every day and for PE, and help with uniform costs.',
    content: UNIFORM,
  },
  {
    slug: 'contact-us',
    title: 'Contact Us',
    parentSlug: null,
    seoDescription: 'How to reach the school office, its opening hours and how to report an absence.',
    content: CONTACT_US,
  },
]
