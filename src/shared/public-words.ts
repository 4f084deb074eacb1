/**
 * The public site's own words (its "chrome": the skip link, the Menu button,
 * the carousel's buttons, the contact form, the footer, the not-found page…)
 * in every language the site has them in. Content words (blocks, page
 * titles, menus) are translated as data; these are fixed, so they are
 * declared here once, as a dictionary per language. English is the site's
 * own wording; every other dictionary has every key of it (the type says so).
 * Words with a part that changes (a name, a number) are functions.
 *
 * A page in a language without a dictionary shows the English words, marked
 * `lang="en"` so screen readers pronounce them as English (`lang` of
 * `publicWordsFor`). Server code only: the islands get the few words they
 * need in their props, never a dictionary.
 */
import { contactLimits, contactMessages, contactThanks, type ContactMessages } from './contact.js';
import type { DetailKind } from './kinds.js';
import type { FormFieldProblem } from './forms.js';
import { formLimits } from './forms.js';
import type { RegistrationOutcome } from './events.js';

/** What the not-found page says it could not find: a page, or a story's or event's own page. */
export type MissingThing = 'page' | DetailKind;

export interface PublicWords {
  /** The first link of every page, to its main content. */
  skipToContent: string;
  header: {
    /** The name of the logo's link: the organisation and where it leads. */
    home: (organisation: string) => string;
    /** The button that shows the navigation on small screens. */
    menu: string;
    /** The name of the main navigation. */
    mainNavigation: string;
    /** The name of the language switcher. */
    languages: string;
    /**
     * Beside a language in the switcher when the page is not translated into
     * it (the link then leads to that language's home page), in that
     * language: `shown` is seen; screen readers hear `before`, `shown` and `after`.
     */
    pageNotTranslated: { before: string; shown: string; after: string };
  };
  footer: {
    stayInTouch: string;
    followUs: string;
    watchVideos: string;
    /** Read after a link that opens in a new tab (starts with a space). */
    opensInNewTab: string;
    copyright: (year: number, organisation: string) => string;
    /** The link that switches light pages on (src/shared/light-pages.ts). */
    lightPages: string;
    /** The same link on light pages: switches them off. */
    fullPages: string;
  };
  /** A slide's or section's link when editors gave it no label. */
  readMore: string;
  /** The name of a group of cards without a heading. */
  highlights: string;
  /** Under each story's card (the whole card is the link). */
  readTheStory: string;
  events: {
    upcoming: string;
    past: string;
    noneUpcoming: string;
    /** The tag on an event's own page. */
    upcomingEvent: string;
    pastEvent: string;
    register: string;
  };
  /** A story's or an event's own page. */
  detail: {
    breadcrumb: string;
    home: string;
    /** The list each kind of page belongs to (the breadcrumb's last step). */
    list: Record<DetailKind, string>;
    /** The link back to that list, under the text. */
    back: Record<DetailKind, string>;
  };
  carousel: {
    /** The name of the home page's carousel. */
    highlightsOfOurWork: string;
    /** The name of a carousel under a page's title. */
    pageHighlights: (pageTitle: string) => string;
    /** What screen readers call the carousel and each slide (`aria-roledescription`). */
    carousel: string;
    slide: string;
    /** Each slide's name: its place among them. */
    slideOf: (position: number, count: number) => string;
    play: string;
    pause: string;
    showSlide: (position: number, title: string) => string;
    previous: string;
    next: string;
  };
  contact: {
    title: string;
    intro: string;
    /** "Or write to <address>." around the organisation's address. */
    writeTo: string;
    writeToEnd: string;
    name: string;
    email: string;
    message: string;
    consent: string;
    send: string;
    sending: string;
    thanks: (name: string) => string;
    /** Each field's message and the form's own, under the keys of the English ones (src/shared/contact.ts). */
    messages: ContactMessages;
    /** The page that answers the form sent without JavaScript. */
    pageTitle: string;
    pageDescription: string;
  };
  /** The forms editors build (src/shared/forms.ts): the words around the questions, which are the form's own. */
  form: {
    /** After a required question's label. */
    required: string;
    /** The label of the honeypot, which people never see (hidden from screen readers too). */
    honeypot: string;
    send: string;
    sending: string;
    /** While the form solves its check in the background (with JavaScript). */
    checking: string;
    /** A closed form without a message of its own. */
    closed: string;
    /** The thanks when the form has none of its own. */
    thanks: string;
    /** Each question's problem, by its kind. */
    problems: Record<FormFieldProblem, string>;
    /** Under the form when questions need correcting. */
    correctFields: string;
    tooMany: string;
    failed: string;
    /** An answer sent faster than a person types, or with a page too old, or a failed check: send again. */
    tooFast: string;
    expired: string;
    check: string;
    /** For choices in the confirmation mail. */
    yes: string;
    no: string;
    /** The confirmation mail's subject and its lines. */
    mailSubject: (title: string) => string;
    mailIntro: string;
    mailAnswers: string;
  };
  /** Registration for an event on its own page (src/shared/events.ts), its answer, its mails and the cancel page. */
  registration: {
    heading: string;
    placesLeft: (left: number, places: number) => string;
    full: string;
    closed: string;
    closesAt: string;
    name: string;
    email: string;
    submit: string;
    joinWaitlist: string;
    /** What a registration answers, by outcome. */
    outcomes: Record<RegistrationOutcome, string>;
    mail: {
      subject: Record<'confirmed' | 'waitlist' | 'reminder' | 'cancelled', (title: string) => string>;
      confirmed: string;
      waitlist: string;
      promoted: string;
      reminder: string;
      cancelled: string;
      when: string;
      where: string;
      calendar: string;
      cancel: string;
      cancelNote: string;
    };
    cancelPage: {
      title: string;
      question: (title: string) => string;
      button: string;
      done: string;
      invalid: string;
    };
  };
  /** The newsletter (src/shared/newsletter.ts): the footer's sign-up, its pages and its mails. */
  newsletter: {
    heading: string;
    intro: string;
    email: string;
    submit: string;
    /** The "keep me informed" box editors can add to a form. */
    keepInformed: string;
    /** The text a reader agrees to by subscribing (kept with their subscription). */
    consent: string;
    /** The page after subscribing (whatever the address: nobody learns who subscribed). */
    sentTitle: string;
    sent: string;
    confirm: { title: string; question: string; button: string; done: string; invalid: string };
    unsubscribe: { title: string; question: string; button: string; done: string; undo: string; undone: string; invalid: string };
    /** Sent issues shown on the site. */
    archive: { title: string; sentOn: (date: string) => string; none: string };
    mail: {
      confirmSubject: (organisation: string) => string;
      confirmIntro: (organisation: string) => string;
      confirmAction: string;
      confirmIgnore: string;
      readMore: string;
      why: (organisation: string) => string;
      unsubscribe: string;
    };
  };
  notFound: {
    heading: Record<MissingThing, string>;
    text: Record<MissingThing, string>;
    goHome: string;
    suggestions: string;
    /** The page's title and description (the document's head). */
    title: string;
    description: string;
  };
}

/** English: the site's wording as it has always been (English pages do not change). */
const en: PublicWords = {
  skipToContent: 'Skip to content',
  header: {
    home: (organisation) => `${organisation}, home`,
    menu: 'Menu',
    mainNavigation: 'Main',
    languages: 'Languages',
    pageNotTranslated: { before: 'this page is ', shown: 'not translated', after: ': the home page' },
  },
  footer: {
    stayInTouch: 'Stay in touch',
    followUs: 'Follow us',
    watchVideos: 'Watch our videos',
    opensInNewTab: ' (opens in a new tab)',
    copyright: (year, organisation) => `© ${year} ${organisation}`,
    lightPages: 'Light pages: fewer and smaller pictures',
    fullPages: 'Light pages are on: show full pages',
  },
  readMore: 'Read more',
  highlights: 'Highlights',
  readTheStory: 'Read the story',
  events: {
    upcoming: 'Upcoming events',
    past: 'Past events',
    noneUpcoming: 'No upcoming events right now. Check back soon.',
    upcomingEvent: 'Upcoming event',
    pastEvent: 'Past event',
    register: 'Register for this event',
  },
  detail: {
    breadcrumb: 'Breadcrumb',
    home: 'Home',
    list: { story: 'News & stories', event: 'Events' },
    back: { story: 'More news & stories', event: 'All events' },
  },
  carousel: {
    highlightsOfOurWork: 'Highlights of our work',
    pageHighlights: (pageTitle) => `${pageTitle}: highlights`,
    carousel: 'carousel',
    slide: 'slide',
    slideOf: (position, count) => `${position} of ${count}`,
    play: 'Play the slideshow',
    pause: 'Pause the slideshow',
    showSlide: (position, title) => `Show slide ${position}: ${title}`,
    previous: 'Previous slide',
    next: 'Next slide',
  },
  contact: {
    title: 'Get in touch',
    intro: 'Want to volunteer, partner with us or ask a question? Send us a message and our team will reply within a few working days.',
    writeTo: 'Or write to ',
    writeToEnd: '.',
    name: 'Your name',
    email: 'E-mail address',
    message: 'Message',
    consent: 'I agree that my message and contact details are stored so that the team can reply to me.',
    send: 'Send message',
    sending: 'Sending…',
    thanks: contactThanks,
    messages: contactMessages,
    pageTitle: 'Contact us',
    pageDescription: 'Send the team a message.',
  },
  form: {
    required: '(required)',
    honeypot: 'Leave this empty',
    send: 'Send',
    sending: 'Sending…',
    checking: 'Getting ready to send…',
    closed: 'This form is closed and takes no more answers.',
    thanks: 'Thank you! Your answer has been sent.',
    problems: {
      required: 'Please answer this question.',
      tooLong: `This answer is too long (at most ${formLimits.shortAnswer} characters, or ${formLimits.longAnswer} for a long answer).`,
      email: 'Enter a valid e-mail address, like name@example.org.',
      phone: 'Enter a phone number with digits only, like +254 700 123456.',
      number: 'Enter a number, like 12.',
      date: 'Enter a date as YYYY-MM-DD, like 2026-03-01.',
      choice: 'Choose one of the options.',
      consent: 'Please tick this box: we can only keep your answer with your agreement.',
    },
    correctFields: 'Your answer has not been sent yet. Please correct the questions marked above.',
    tooMany: 'Many answers came from here in a short time. Please wait a few minutes and send again.',
    failed: 'Your answer could not be sent. Please try again.',
    tooFast: 'Your answer came faster than a person can fill the form. Please check it and send it again.',
    expired: 'This form was open for a long time. Please check your answer and send it again.',
    check: 'The automatic check did not pass. Please send your answer again.',
    yes: 'Yes',
    no: 'No',
    mailSubject: (title) => `Your answer: ${title}`,
    mailIntro: 'Thank you for your answer. This is what you sent us.',
    mailAnswers: 'Your answers',
  },
  registration: {
    heading: 'Register',
    placesLeft: (left, places) => `${left} of ${places} places left`,
    full: 'Full: join the waitlist',
    closed: 'Registration closed',
    closesAt: 'Registration closes',
    name: 'Your name',
    email: 'E-mail address',
    submit: 'Register',
    joinWaitlist: 'Join the waitlist',
    outcomes: {
      confirmed: 'You are registered: your place is confirmed. We have sent you an e-mail with the details.',
      waitlist: 'The event is full: you are on the waitlist. We will write to you as soon as a place becomes free.',
      already: 'You are already registered for this event. We have sent you the confirmation again.',
      closed: 'Registration closed: this event takes no more registrations.',
    },
    mail: {
      subject: {
        confirmed: (title) => `Your place is confirmed: ${title}`,
        waitlist: (title) => `You are on the waitlist: ${title}`,
        reminder: (title) => `Reminder: ${title}`,
        cancelled: (title) => `Registration cancelled: ${title}`,
      },
      confirmed: 'Your place is confirmed.',
      waitlist: 'The event is full, so you are on the waitlist. We will write to you as soon as a place becomes free.',
      promoted: 'A place became free: your place is now confirmed.',
      reminder: 'A reminder: the event starts soon. We look forward to seeing you.',
      cancelled: 'Your registration is cancelled.',
      when: 'When',
      where: 'Where',
      calendar: 'The attached calendar file adds the event to your calendar.',
      cancel: 'Cancel my registration',
      cancelNote: 'If you cannot come, please cancel so that someone on the waitlist can take your place.',
    },
    cancelPage: {
      title: 'Cancel your registration',
      question: (title) => `Do you want to cancel your registration for “${title}”?`,
      button: 'Yes, cancel my registration',
      done: 'Your registration is cancelled.',
      invalid: 'This link does not work any more: the registration was already cancelled, or the link is incomplete.',
    },
  },
  newsletter: {
    heading: 'Newsletter',
    intro: 'Our news and events by e-mail, about once a month.',
    email: 'Your e-mail address',
    submit: 'Subscribe',
    keepInformed: 'Keep me informed: send me the newsletter (we ask you to confirm by e-mail first)',
    consent: 'By subscribing you agree to receive our newsletter by e-mail. You can leave at any time with one click.',
    sentTitle: 'Check your mailbox',
    sent: 'We have sent you a mail with a link. Open it to confirm your subscription: we send no newsletter before you confirm.',
    confirm: {
      title: 'Confirm your subscription',
      question: 'Do you want to receive our newsletter by e-mail?',
      button: 'Yes, send me the newsletter',
      done: 'Your subscription is confirmed. Thank you!',
      invalid: 'This link does not work: it is incomplete, or the subscription was ended.',
    },
    unsubscribe: {
      title: 'Leave the newsletter',
      question: 'Do you want to stop receiving our newsletter?',
      button: 'Unsubscribe',
      done: 'You are unsubscribed: you will receive no more newsletters.',
      undo: 'Undo: keep receiving the newsletter',
      undone: 'You are subscribed again.',
      invalid: 'This link does not work: it is incomplete.',
    },
    archive: { title: 'Newsletter archive', sentOn: (date) => `Sent on ${date}`, none: 'No newsletter has been published here yet.' },
    mail: {
      confirmSubject: (organisation) => `Confirm your subscription to the newsletter of ${organisation}`,
      confirmIntro: (organisation) => `Someone, hopefully you, asked to receive the newsletter of ${organisation} at this address.`,
      confirmAction: 'Confirm my subscription',
      confirmIgnore: 'If it was not you, ignore this mail: without a confirmation you receive nothing.',
      readMore: 'Read more',
      why: (organisation) => `You receive this mail because you subscribed to the newsletter of ${organisation}.`,
      unsubscribe: 'Unsubscribe',
    },
  },
  notFound: {
    heading: { page: 'We could not find that page', story: 'We could not find that story', event: 'We could not find that event' },
    text: {
      page: 'The address may be mistyped, or the page may have moved or been taken down.',
      story: 'The address may be mistyped, or the story may have moved or been taken down.',
      event: 'The address may be mistyped, or the event may have moved or been taken down.',
    },
    goHome: 'Go to the home page',
    suggestions: 'You may be looking for',
    title: 'Page not found',
    description: 'The page you are looking for does not exist.',
  },
};

/** Kiswahili: short, plain words (not yet reviewed by a native speaker). */
const sw: PublicWords = {
  skipToContent: 'Nenda kwenye maudhui',
  header: {
    home: (organisation) => `${organisation}, ukurasa wa mwanzo`,
    menu: 'Menyu',
    mainNavigation: 'Menyu kuu',
    languages: 'Lugha',
    pageNotTranslated: { before: 'ukurasa huu ', shown: 'haujatafsiriwa', after: ': ukurasa wa mwanzo' },
  },
  footer: {
    stayInTouch: 'Tuendelee kuwasiliana',
    followUs: 'Tufuate',
    watchVideos: 'Tazama video zetu',
    opensInNewTab: ' (hufunguka kwenye kichupo kipya)',
    copyright: (year, organisation) => `© ${year} ${organisation}`,
    lightPages: 'Kurasa nyepesi: picha chache na ndogo',
    fullPages: 'Kurasa nyepesi zimewashwa: onyesha kurasa kamili',
  },
  readMore: 'Soma zaidi',
  highlights: 'Mambo muhimu',
  readTheStory: 'Soma habari kamili',
  events: {
    upcoming: 'Matukio yajayo',
    past: 'Matukio yaliyopita',
    noneUpcoming: 'Hakuna matukio yajayo kwa sasa. Tembelea tena hivi karibuni.',
    upcomingEvent: 'Tukio lijalo',
    pastEvent: 'Tukio lililopita',
    register: 'Jisajili kwa tukio hili',
  },
  detail: {
    breadcrumb: 'Uko hapa',
    home: 'Mwanzo',
    list: { story: 'Habari', event: 'Matukio' },
    back: { story: 'Habari zaidi', event: 'Matukio yote' },
  },
  carousel: {
    highlightsOfOurWork: 'Mambo muhimu ya kazi yetu',
    pageHighlights: (pageTitle) => `${pageTitle}: mambo muhimu`,
    carousel: 'onyesho la slaidi',
    slide: 'slaidi',
    slideOf: (position, count) => `${position} kati ya ${count}`,
    play: 'Anzisha onyesho la slaidi',
    pause: 'Simamisha onyesho la slaidi',
    showSlide: (position, title) => `Onyesha slaidi ya ${position}: ${title}`,
    previous: 'Slaidi iliyotangulia',
    next: 'Slaidi inayofuata',
  },
  contact: {
    title: 'Wasiliana nasi',
    intro: 'Ungependa kujitolea, kushirikiana nasi au kuuliza swali? Tutumie ujumbe na timu yetu itakujibu ndani ya siku chache za kazi.',
    writeTo: 'Au tuandikie kwa ',
    writeToEnd: '.',
    name: 'Jina lako',
    email: 'Anwani ya barua pepe',
    message: 'Ujumbe',
    consent: 'Ninakubali ujumbe wangu na mawasiliano yangu yahifadhiwe ili timu iweze kunijibu.',
    send: 'Tuma ujumbe',
    sending: 'Inatuma…',
    thanks: (name) => `Asante, ${name}! Ujumbe wako umetumwa. Tutakujibu hivi karibuni.`,
    messages: {
      nameRequired: 'Tafadhali tuambie jina lako.',
      nameTooLong: `Jina lako lisizidi herufi ${contactLimits.name}.`,
      emailRequired: 'Tafadhali andika anwani yako ya barua pepe ili tuweze kukujibu.',
      emailInvalid: 'Andika anwani sahihi ya barua pepe, kama jina@example.org.',
      messageTooShort: `Tafadhali andika ujumbe wa angalau herufi ${contactLimits.messageMin}.`,
      messageTooLong: `Ujumbe wako usizidi herufi ${contactLimits.message}.`,
      consentRequired: 'Tafadhali kubali tuhifadhi ujumbe wako na tuwasiliane nawe.',
      correctFields: 'Ujumbe wako bado haujatumwa. Tafadhali rekebisha sehemu zilizowekwa alama hapo juu.',
      tooMany: 'Umetuma jumbe kadhaa kwa muda mfupi. Tafadhali subiri dakika chache kisha ujaribu tena.',
      failed: 'Ujumbe wako haukuweza kutumwa. Tafadhali jaribu tena.',
    },
    pageTitle: 'Wasiliana nasi',
    pageDescription: 'Tuma ujumbe kwa timu yetu.',
  },
  form: {
    required: '(lazima)',
    honeypot: 'Acha hapa wazi',
    send: 'Tuma',
    sending: 'Inatuma…',
    checking: 'Inajiandaa kutuma…',
    closed: 'Fomu hii imefungwa na haipokei majibu zaidi.',
    thanks: 'Asante! Jibu lako limetumwa.',
    problems: {
      required: 'Tafadhali jibu swali hili.',
      tooLong: `Jibu hili ni refu mno (lisizidi herufi ${formLimits.shortAnswer}, au ${formLimits.longAnswer} kwa jibu refu).`,
      email: 'Andika anwani sahihi ya barua pepe, kama jina@example.org.',
      phone: 'Andika namba ya simu kwa tarakimu, kama +254 700 123456.',
      number: 'Andika namba, kama 12.',
      date: 'Andika tarehe kama MWAKA-MWEZI-SIKU, kama 2026-03-01.',
      choice: 'Chagua mojawapo ya machaguo.',
      consent: 'Tafadhali weka alama kwenye kisanduku hiki: tunaweza kuhifadhi jibu lako kwa idhini yako tu.',
    },
    correctFields: 'Jibu lako bado halijatumwa. Tafadhali rekebisha maswali yaliyowekwa alama hapo juu.',
    tooMany: 'Majibu mengi yametoka hapa kwa muda mfupi. Tafadhali subiri dakika chache kisha utume tena.',
    failed: 'Jibu lako halikuweza kutumwa. Tafadhali jaribu tena.',
    tooFast: 'Jibu lako limefika haraka kuliko mtu anavyoweza kujaza fomu. Tafadhali likague kisha ulitume tena.',
    expired: 'Fomu hii ilikuwa wazi kwa muda mrefu. Tafadhali kagua jibu lako kisha ulitume tena.',
    check: 'Ukaguzi wa kiotomatiki haukufaulu. Tafadhali tuma jibu lako tena.',
    yes: 'Ndiyo',
    no: 'Hapana',
    mailSubject: (title) => `Jibu lako: ${title}`,
    mailIntro: 'Asante kwa jibu lako. Hiki ndicho ulichotutumia.',
    mailAnswers: 'Majibu yako',
  },
  registration: {
    heading: 'Jisajili',
    placesLeft: (left, places) => `Nafasi ${left} kati ya ${places} zimebaki`,
    full: 'Imejaa: jiunge na orodha ya kusubiri',
    closed: 'Usajili umefungwa',
    closesAt: 'Usajili unafungwa',
    name: 'Jina lako',
    email: 'Anwani ya barua pepe',
    submit: 'Jisajili',
    joinWaitlist: 'Jiunge na orodha ya kusubiri',
    outcomes: {
      confirmed: 'Umesajiliwa: nafasi yako imethibitishwa. Tumekutumia barua pepe yenye maelezo.',
      waitlist: 'Tukio limejaa: uko kwenye orodha ya kusubiri. Tutakuandikia mara nafasi itakapopatikana.',
      already: 'Tayari umesajiliwa kwa tukio hili. Tumekutumia uthibitisho tena.',
      closed: 'Usajili umefungwa: tukio hili halipokei usajili zaidi.',
    },
    mail: {
      subject: {
        confirmed: (title) => `Nafasi yako imethibitishwa: ${title}`,
        waitlist: (title) => `Uko kwenye orodha ya kusubiri: ${title}`,
        reminder: (title) => `Ukumbusho: ${title}`,
        cancelled: (title) => `Usajili umefutwa: ${title}`,
      },
      confirmed: 'Nafasi yako imethibitishwa.',
      waitlist: 'Tukio limejaa, kwa hiyo uko kwenye orodha ya kusubiri. Tutakuandikia mara nafasi itakapopatikana.',
      promoted: 'Nafasi imepatikana: nafasi yako sasa imethibitishwa.',
      reminder: 'Ukumbusho: tukio linaanza hivi karibuni. Tunatarajia kukuona.',
      cancelled: 'Usajili wako umefutwa.',
      when: 'Lini',
      where: 'Wapi',
      calendar: 'Faili ya kalenda iliyoambatishwa inaongeza tukio kwenye kalenda yako.',
      cancel: 'Futa usajili wangu',
      cancelNote: 'Ikiwa huwezi kuja, tafadhali futa usajili ili mtu aliye kwenye orodha ya kusubiri apate nafasi yako.',
    },
    cancelPage: {
      title: 'Futa usajili wako',
      question: (title) => `Je, unataka kufuta usajili wako wa “${title}”?`,
      button: 'Ndiyo, futa usajili wangu',
      done: 'Usajili wako umefutwa.',
      invalid: 'Kiungo hiki hakifanyi kazi tena: usajili ulishafutwa, au kiungo hakijakamilika.',
    },
  },
  newsletter: {
    heading: 'Jarida',
    intro: 'Habari na matukio yetu kwa barua pepe, takriban mara moja kwa mwezi.',
    email: 'Anwani yako ya barua pepe',
    submit: 'Jiandikishe',
    keepInformed: 'Nijulishe: nitumie jarida (tutakuomba uthibitishe kwa barua pepe kwanza)',
    consent: 'Kwa kujiandikisha unakubali kupokea jarida letu kwa barua pepe. Unaweza kujiondoa wakati wowote kwa kubofya mara moja.',
    sentTitle: 'Angalia sanduku lako la barua',
    sent: 'Tumekutumia barua pepe yenye kiungo. Kifungue ili kuthibitisha usajili wako: hatutumi jarida kabla hujathibitisha.',
    confirm: {
      title: 'Thibitisha usajili wako',
      question: 'Je, unataka kupokea jarida letu kwa barua pepe?',
      button: 'Ndiyo, nitumie jarida',
      done: 'Usajili wako umethibitishwa. Asante!',
      invalid: 'Kiungo hiki hakifanyi kazi: hakijakamilika, au usajili ulimalizwa.',
    },
    unsubscribe: {
      title: 'Jiondoe kwenye jarida',
      question: 'Je, unataka kuacha kupokea jarida letu?',
      button: 'Jiondoe',
      done: 'Umejiondoa: hutapokea majarida tena.',
      undo: 'Tendua: endelea kupokea jarida',
      undone: 'Umejiandikisha tena.',
      invalid: 'Kiungo hiki hakifanyi kazi: hakijakamilika.',
    },
    archive: { title: 'Kumbukumbu ya majarida', sentOn: (date) => `Ilitumwa tarehe ${date}`, none: 'Bado hakuna jarida lililochapishwa hapa.' },
    mail: {
      confirmSubject: (organisation) => `Thibitisha usajili wako wa jarida la ${organisation}`,
      confirmIntro: (organisation) => `Mtu, tunatumaini ni wewe, aliomba kupokea jarida la ${organisation} kwenye anwani hii.`,
      confirmAction: 'Thibitisha usajili wangu',
      confirmIgnore: 'Ikiwa si wewe, puuza barua hii: bila uthibitisho hupokei chochote.',
      readMore: 'Soma zaidi',
      why: (organisation) => `Unapokea barua hii kwa sababu ulijiandikisha kupokea jarida la ${organisation}.`,
      unsubscribe: 'Jiondoe',
    },
  },
  notFound: {
    heading: { page: 'Hatukuweza kupata ukurasa huo', story: 'Hatukuweza kupata habari hiyo', event: 'Hatukuweza kupata tukio hilo' },
    text: {
      page: 'Huenda anwani imekosewa, au ukurasa umehamishwa au kuondolewa.',
      story: 'Huenda anwani imekosewa, au habari imehamishwa au kuondolewa.',
      event: 'Huenda anwani imekosewa, au tukio limehamishwa au kuondolewa.',
    },
    goHome: 'Nenda kwenye ukurasa wa mwanzo',
    suggestions: 'Huenda unatafuta',
    title: 'Ukurasa haukupatikana',
    description: 'Ukurasa unaoutafuta haupo.',
  },
};

/** Every language the site's words are written in, by its code. */
export const publicDictionaries: Readonly<Record<string, PublicWords>> = { en, sw };

/** The language the words fall back to. */
export const fallbackWordsLanguage = 'en';

/** The words a page shows, and how to mark them up. */
export interface PageWords {
  words: PublicWords;
  /**
   * The `lang` to put on each element holding these words: their language
   * when it is not the page's (English on a page in a language without a
   * dictionary), else undefined (they are in the page's language).
   */
  lang: string | undefined;
  /** The page's language, which dates are written in. */
  code: string;
}

/** The dictionary of a language tag: its own (`sw`), else its language's (`sw-ke` → `sw`), else none. */
function dictionaryOf(code: string): { words: PublicWords; code: string } | null {
  const base = code.split('-')[0] ?? code;
  for (const c of [code, base]) {
    const words = Object.hasOwn(publicDictionaries, c) ? publicDictionaries[c] : undefined;
    if (words) return { words, code: c };
  }
  return null;
}

/** The words of a page in `code`: its language's dictionary, or the English words marked as English. */
export function publicWordsFor(code: string): PageWords {
  const own = dictionaryOf(code);
  if (own) return { words: own.words, lang: undefined, code };
  return { words: en, lang: fallbackWordsLanguage, code };
}

/**
 * One of the contact form's English messages (what the server's schema
 * answers with) in other words: the message under the same key, or the
 * message itself when it is not one of them.
 */
export function contactMessageIn(english: string, messages: ContactMessages): string {
  const key = (Object.keys(contactMessages) as (keyof ContactMessages)[]).find((k) => contactMessages[k] === english);
  return key ? messages[key] : english;
}
