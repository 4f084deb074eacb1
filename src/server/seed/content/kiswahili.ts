/** Demo content in Kiswahili: the home page, /about, the youth page's sign-up form, the navigation and the tagline; the rest falls back to English on purpose. */
import { list, p } from './builder.js';
import type { SiteLanguages } from '../../../shared/languages.js';

/** The demo site speaks English (its default) and Kiswahili. */
export const demoLanguages: SiteLanguages = {
  languages: [
    { code: 'en', name: 'English', dir: 'ltr' },
    { code: 'sw', name: 'Kiswahili', dir: 'ltr' },
  ],
  defaultLanguage: 'en',
};

export interface BlockTranslation {
  /** The collection name (e.g. 'home' slides collection name as declared). */
  collection: string;
  /** The block's English title-field value exactly as seeded, to find it. */
  title: string;
  values: Record<string, string>;
}

export const kiswahiliDemo: {
  blocks: BlockTranslation[];
  /** Page records' words, by page id ('home', 'about'). */
  pages: Record<string, Record<string, string>>;
  /** The menus' words: each link by the id of the page it leads to (when that page's own words do not say it), each heading of a list or group by its English words. */
  menus: { links: Record<string, string>; headings: Record<string, string> };
  settings: Record<string, string>;
} = {
  blocks: [
    // Home page (/): the carousel.
    {
      collection: 'home',
      title: 'Citizens and leaders building accountable communities',
      values: {
        title: 'Wananchi na viongozi wakijenga jamii zenye uwajibikaji',
        caption: 'Kwa miaka kumi na minane tumewasaidia wanawake, vijana na jamii kupaza sauti zao, kufuatilia matumizi ya fedha za umma na kuwawajibisha viongozi.',
        'image.alt': 'Mkutano wa jamii uwanjani, mwanamke akihutubia umati kutoka jukwaa dogo',
        linkLabel: 'Fahamu kazi yetu',
      },
    },
    {
      collection: 'home',
      title: 'Women lead',
      values: {
        title: 'Wanawake wanaongoza',
        caption: 'Shule yetu ya uongozi imewapa mafunzo wanawake 640; 41 kati yao sasa ni wajumbe wa halmashauri za vijiji na mabaraza ya kata.',
        'image.alt': 'Wanawake wakiandamana pamoja na mabango wakati wa machweo',
        linkLabel: 'Jinsia na uongozi wa wanawake',
      },
    },
    {
      collection: 'home',
      title: 'Young people hold the pen',
      values: {
        title: 'Vijana wameshika kalamu',
        caption: 'Mtandao wa Vijana wa Uwajibikaji unafanya kazi katika wilaya tisa: vijana wafuatiliaji hutembelea zahanati, shule na vituo vya maji, kisha huripoti walichokiona.',
        'image.alt': 'Vijana wakinyoosha mikono katika mafunzo',
        linkLabel: 'Mradi wa Uongozi wa Vijana',
      },
    },

    // Home page: who we are, what we do, join us.
    {
      collection: 'descriptionhome',
      title: 'Who we are',
      values: {
        title: 'Sisi ni nani',
        subtitle: 'Muungano wa wananchi tangu mwaka 2008',
        body: p(
          'Tujenge Civic Alliance ni muungano wa asasi za kijamii, vikundi vya wanawake na mitandao ya vijana, usiofungamana na chama chochote cha siasa. Jina letu, <em>Tujenge</em>, linaeleza tunachofanya: tunajenga ujuzi, ushahidi na nafasi ambazo wananchi wanahitaji ili kushiriki katika maamuzi yanayogusa maisha yao.',
          'Tunafanya kazi katika wilaya tisa pamoja na asasi wanachama zaidi ya sitini, na tunapeleka yale ambayo jamii zinajifunza kwenye mijadala ya kitaifa kuhusu bajeti, huduma za jamii na utawala.',
        ),
        'image.alt': 'Makazi na miti ya migunga vilimani wakati wa jioni',
        linkLabel: 'Soma historia yetu',
      },
    },
    {
      collection: 'descriptionhome',
      title: 'What we do',
      values: {
        title: 'Tunachofanya',
        subtitle: 'Programu tano, lengo moja: jamii zenye uwajibikaji',
        body:
          p('Programu zetu zinaunganisha mafunzo, utafiti na majadiliano:') +
          list(
            '<strong>Jinsia na uongozi wa wanawake</strong>: shule ya uongozi, ushauri elekezi na kampeni za bajeti zinazozingatia jinsia.',
            '<strong>Utawala bora wa kidemokrasia</strong>: ushiriki wa wananchi katika halmashauri, upatikanaji wa taarifa na chaguzi za amani.',
            '<strong>Uwajibikaji wa kijamii</strong>: kadi za alama za jamii, ukaguzi wa kijamii na ufuatiliaji wa matumizi ya fedha za umma.',
            '<strong>Haki za kiuchumi na kijamii</strong>: maji, afya, elimu na kazi zenye staha kwa wote.',
            '<strong>Uongozi wa vijana</strong>: mtandao wa vijana wafuatiliaji na viongozi wa kesho.',
          ),
        linkLabel: 'Mkakati wetu',
      },
    },
    {
      collection: 'descriptionhome',
      title: 'Join us',
      values: {
        title: 'Jiunge nasi',
        subtitle: 'Muungano una nafasi kwa ajili yako',
        body: p(
          'Jitolee kuwa mfuatiliaji wa jamii, leta asasi yako kwenye muungano, au saidia kazi yetu kwa mchango. Kila mfuatiliaji anayepata mafunzo ni mwananchi mmoja zaidi anayejua kuuliza maswali sahihi.',
        ),
        'image.alt': 'Soko la kijiji lenye shughuli nyingi, wafanyabiashara wakiwa chini ya maturubai ya rangi mbalimbali',
        linkLabel: 'Matukio yajayo',
      },
    },

    // Home page: news and stories.
    {
      collection: 'newstory',
      title: 'Mkoani residents rate their water services, and the district listens',
      values: {
        title: 'Wakazi wa Mkoani watathmini huduma za maji, na wilaya inawasikiliza',
        summary: 'Katika vijiji kumi na viwili, wakazi 640 walitoa alama kwa vituo vyao vya maji na kukubaliana na ofisi ya maji ya wilaya juu ya mpango wa matengenezo.',
        body: p(
          'Mama Halima Juma anapotembea kwenda kituo cha maji cha Kisima kabla ya alfajiri, hajiulizi tena kama kitakuwa kinafanya kazi. Tangu vikao vya kadi za alama za jamii mwezi Machi, ofisi ya maji ya wilaya hubandika maombi ya matengenezo na tarehe za kukamilika kwenye ubao wa matangazo wa kijiji kila mwezi.',
          '“Zamani tulikuwa tunalalamika wenyewe kwa wenyewe,” anasema. “Sasa tunalalamika kwa ofisi inayohusika, tukiwa na takwimu, nao wanatujibu.”',
          'Tathmini hiyo iligundua kuwa vituo saba kati ya 31 vya maji vilikuwa vibovu, na bei za maji zilibandikwa katika vituo vinne tu. Matokeo kamili yako katika ripoti yetu ya Kiingereza, <em>Community Scorecards on Water Services in Mkoani District</em>.',
        ),
        'cover.alt': 'Wafanyabiashara na wanunuzi katika soko la kijiji lenye shughuli nyingi',
      },
    },
    {
      collection: 'newstory',
      title: 'Forty-one Women Lead alumnae take their seats on local councils',
      values: {
        title: 'Wahitimu 41 wa shule ya Women Lead waingia kwenye mabaraza ya serikali za mitaa',
        summary: 'Baada ya uchaguzi wa serikali za mitaa, wahitimu 41 wa shule yetu ya uongozi sasa ni wajumbe wa halmashauri za vijiji na mabaraza ya kata katika wilaya sita.',
        body: p(
          'Miaka miwili iliyopita, Neema Mollel hakuwahi kuzungumza katika mkutano mkuu wa kijiji. Leo yeye ni mwenyekiti wa kamati ya huduma za jamii ya baraza la kata ya Ilula.',
          'Yeye ni mmoja wa wahitimu 41 wa shule ya Women Lead waliochaguliwa mwaka huu. Shule hii inachanganya mafunzo ya kuzungumza mbele ya hadhara, uelewa wa bajeti na ushauri elekezi kutoka kwa madiwani wanawake, na inawaunga mkono wagombea wa vyama vyote.',
          'Udahili unaofuata utafunguliwa mwezi Januari; wanawake wa kila umri na asili wanakaribishwa kutuma maombi.',
        ),
        'cover.alt': 'Wanawake wakiandamana pamoja na mabango',
      },
    },
    {
      collection: 'newstory',
      title: 'Young monitors find half-built classrooms, and get them finished',
      values: {
        title: 'Vijana wafuatiliaji wagundua madarasa yaliyoachwa nusu, na kuhakikisha yanakamilishwa',
        summary: 'Mtandao wa Vijana wa Uwajibikaji ulitembelea miradi 22 ya shule. Tangu hapo, majengo sita ya madarasa yaliyokuwa yamekwama yamekamilika.',
        body: p(
          'Wakiwa na bajeti iliyoidhinishwa na kamera ya simu, wanachama wa Mtandao wa Vijana wa Uwajibikaji katika wilaya ya Bahari walitembelea miradi 22 ya ujenzi wa shule muhula uliopita.',
          'Majengo sita ya madarasa yalikuwa yamelipiwa lakini hayakukamilika. Vijana hao waliwasilisha picha zao katika mkutano wa hadhara wa halmashauri; ndani ya miezi mitatu mkandarasi alirudi kazini na madarasa yakakabidhiwa.',
        ),
        'cover.alt': 'Washiriki wa warsha ya uelewa wa bajeti',
      },
    },
    {
      collection: 'newstory',
      title: 'A citizens’ guide to the district budget',
      values: {
        title: 'Mwongozo wa wananchi kuhusu bajeti ya wilaya',
        summary: 'Mwongozo wetu mpya, ulioandikwa kwa lugha rahisi, unawasaidia wafuatiliaji wa jamii kupata takwimu na kuuliza maswali sahihi katika mikutano ya hadhara ya bajeti.',
        body: p(
          'Bajeti ndiyo huamua kama zahanati itapata dawa na shule itapata walimu, lakini ni wananchi wachache wanaowahi kuiona. Mwongozo wetu mpya, <em>Following the Money</em> (Kufuatilia Fedha), unaeleza kalenda ya bajeti, mahali pa kupata takwimu na maswali matano ya kuuliza katika kila mkutano wa hadhara.',
          'Mwongozo huu unapakuliwa na kusambazwa bure, na wakufunzi wetu watautumia katika warsha za uelewa wa bajeti katika wilaya tisa.',
        ),
        'cover.alt': 'Jengo la halmashauri wakati wa jioni, wakazi wakiwa mbele yake',
      },
    },
    {
      collection: 'newstory',
      title: 'Open council meetings: Lindiwe district publishes its minutes online',
      values: {
        title: 'Mikutano ya wazi ya halmashauri: wilaya ya Lindiwe inachapisha kumbukumbu zake mtandaoni',
        summary: 'Baada ya miaka miwili ya majadiliano na programu yetu ya utawala, halmashauri ya wilaya ya Lindiwe sasa inachapisha ajenda na kumbukumbu za vikao ndani ya wiki moja.',
        body: p(
          'Uwajibikaji huanza na upatikanaji wa taarifa. Kufuatia mfululizo wa majadiliano yaliyoandaliwa na Tujenge pamoja na madiwani, maafisa na wakazi, halmashauri ya wilaya ya Lindiwe imepitisha sera ya mikutano ya wazi.',
          'Ajenda huchapishwa wiki moja kabla ya kila kikao, na kumbukumbu ndani ya wiki moja baada yake. Wakazi wanaweza kuwasilisha maswali kwa maandishi na kupata majibu katika kikao kinachofuata.',
        ),
        'cover.alt': 'Watu waliokusanyika nje ya jengo la halmashauri ya wilaya',
      },
    },
    {
      collection: 'newstory',
      title: 'Health workers and patients meet at Nyota clinic',
      values: {
        title: 'Watumishi wa afya na wagonjwa wakutana katika zahanati ya Nyota',
        summary: 'Mkutano wa pamoja kati ya wagonjwa na watumishi wa kituo cha afya cha Nyota ulikubaliana hatua za kupunguza muda wa kusubiri na kuhakikisha dawa zinapatikana wakati wote.',
        body: p(
          'Wagonjwa katika kituo cha afya cha Nyota walisubiri wastani wa saa nne kabla ya kuhudumiwa. Katika mkutano wa pamoja ulioratibiwa na Tujenge, wagonjwa na watumishi wa afya waliorodhesha sababu kwa pamoja: upungufu wa watumishi siku za soko, mfumo mbovu wa usajili na dawa kuchelewa kufika.',
          'Tangu hapo, kituo kimeanzisha mfumo wa namba za foleni, na wilaya imekubali kupitia upelekaji wa dawa kila mwezi pamoja na kamati ya usimamizi wa kituo cha afya.',
        ),
        'cover.alt': 'Umati mkubwa ukimsikiliza mzungumzaji mwanamke',
      },
    },

    // About (/about): the slides.
    {
      collection: 'aboutslide',
      title: 'About Tujenge Civic Alliance',
      values: {
        title: 'Kuhusu Tujenge Civic Alliance',
        caption: 'Muungano wa wanachama sitini, yaani asasi za kijamii, vikundi vya wanawake na mitandao ya vijana, katika wilaya tisa.',
        'image.alt': 'Umati mkubwa ukimsikiliza mzungumzaji katika mkusanyiko wa jamii',
      },
    },
    {
      collection: 'aboutslide',
      title: 'Eighteen years of building together',
      values: {
        title: 'Miaka kumi na minane ya kujenga pamoja',
        caption: 'Kutoka kikundi cha kusoma katika mji wa Bahari hadi sauti ya kitaifa inayodai serikali inayowajibika.',
        'image.alt': 'Nyumba za kijiji katikati ya mashamba wakati wa macheo',
      },
    },

    // About: vision and mission.
    {
      collection: 'aboutvision',
      title: 'Our vision',
      values: {
        title: 'Dira yetu',
        subtitle: 'Tunacholenga',
        body: p('Jamii ambayo kila mwanamke, mwanamume na kijana hushiriki katika maamuzi yanayogusa maisha yake, na ambayo viongozi wake huwajibika kwa wananchi wanaowatumikia.'),
        linkLabel: 'Dira na maadili',
      },
    },
    {
      collection: 'aboutvision',
      title: 'Our mission',
      values: {
        title: 'Dhamira yetu',
        body: p('Kuimarisha sauti, ujuzi na uwezo wa wananchi kujipanga, hasa wanawake na vijana, ili taasisi za umma ziwe na uwazi zaidi, ziwashirikishe wananchi na ziwajibike.'),
      },
    },

    // About: discover our work.
    {
      collection: 'aboutdiscover',
      title: 'Our history',
      values: { title: 'Historia yetu', text: 'Jinsi kikundi kidogo cha kusoma kilivyokuwa muungano wa kitaifa wa asasi sitini.' },
    },
    {
      collection: 'aboutdiscover',
      title: 'Our leadership',
      values: { title: 'Uongozi wetu', text: 'Wafahamu wajumbe wa bodi na timu inayoongoza kazi yetu.' },
    },
    {
      collection: 'aboutdiscover',
      title: 'Our partners',
      values: { title: 'Washirika wetu', text: 'Wafadhili, mitandao na asasi za kijamii wanaowezesha kazi yetu.' },
    },
    {
      collection: 'aboutdiscover',
      title: 'Our strategy',
      values: { title: 'Mkakati wetu', text: 'Programu tano na lengo moja kwa miaka ijayo.' },
    },

    // About: history.
    {
      collection: 'abouthistory',
      title: 'From a reading circle to an alliance',
      values: {
        title: 'Kutoka kikundi cha kusoma hadi muungano',
        subtitle: 'Ilianzishwa mwaka 2008',
        body: p(
          'Tujenge ilianza mwaka 2008 pale walimu, wafanyabiashara na wauguzi kumi na mmoja wa mji wa Bahari walipoanza kusoma bajeti ya wilaya pamoja. Maswali yao katika kikao kilichofuata cha halmashauri yaliripotiwa na redio ya eneo hilo, na kata jirani zikaomba msaada wao.',
          'Leo muungano una asasi wanachama sitini katika wilaya tisa, watumishi thelathini na wawili, na zaidi ya watu mia nne wanaojitolea waliopata mafunzo.',
        ),
        'image.alt': 'Wafanyabiashara na wanunuzi katika soko la kijiji',
        linkLabel: 'Soma historia kamili',
      },
    },
    {
      collection: 'abouthistory',
      title: 'Independent and non-partisan',
      values: {
        title: 'Huru, bila kufungamana na chama chochote',
        body: p(
          'Tunafanya kazi na madiwani na maafisa kutoka vyama vyote, na hatupokei ufadhili wowote ambao ungeweza kuathiri uhuru wetu. Hesabu zetu hukaguliwa kila mwaka na huchapishwa katika ripoti yetu ya mwaka.',
        ),
      },
    },

    // About: leaders (names stay as they are).
    {
      collection: 'aboutleader',
      title: 'Amina Mwakyusa',
      values: {
        name: 'Amina Mwakyusa',
        position: 'Mkurugenzi Mtendaji',
        'photo.alt': 'Picha ya kuchorwa ya Amina Mwakyusa',
        bio: 'Amina alijiunga na Tujenge mwaka 2010 kama mfuatiliaji wa kujitolea, na ameuongoza muungano tangu mwaka 2019. Ni mwanasheria kwa taaluma, na awali alifanya kazi ya kutoa msaada wa kisheria kwa wanawake katika migogoro ya ardhi.',
      },
    },
    {
      collection: 'aboutleader',
      title: 'Joseph Kimaro',
      values: {
        name: 'Joseph Kimaro',
        position: 'Mwenyekiti wa Bodi',
        'photo.alt': 'Picha ya kuchorwa ya Joseph Kimaro',
        bio: 'Joseph ni mwalimu mkuu mstaafu na mmoja wa waanzilishi kumi na mmoja wa kikundi cha kusoma cha Bahari. Amekuwa mwenyekiti wa bodi tangu mwaka 2021.',
      },
    },
    {
      collection: 'aboutleader',
      title: 'Neema Lyimo',
      values: {
        name: 'Neema Lyimo',
        position: 'Mkurugenzi wa Programu',
        'photo.alt': 'Picha ya kuchorwa ya Neema Lyimo',
        bio: 'Neema anasimamia programu zetu tano. Kabla ya kujiunga na Tujenge, alisimamia programu za afya ya jamii kwa miaka kumi na miwili.',
      },
    },

    // About: partners (their names stay as they are).
    {
      collection: 'aboutpartner',
      title: 'Nordlys Foundation for Democracy',
      values: {
        name: 'Nordlys Foundation for Democracy',
        'logo.alt': 'Nembo ya Nordlys Foundation for Democracy',
        description: 'Ufadhili wa msingi kwa programu zetu za utawala bora na uwajibikaji tangu mwaka 2015.',
      },
    },
    {
      collection: 'aboutpartner',
      title: 'Amani Women’s Fund',
      values: {
        name: 'Amani Women’s Fund',
        'logo.alt': 'Nembo ya Amani Women’s Fund',
        description: 'Inafadhili shule ya Women Lead na kazi yetu ya kupinga ukatili wa kijinsia.',
      },
    },
    {
      collection: 'aboutpartner',
      title: 'Open Budget Collective',
      values: {
        name: 'Open Budget Collective',
        'logo.alt': 'Nembo ya Open Budget Collective',
        description: 'Mtandao wa kikanda wa wachambuzi wa bajeti wanaopitia kazi yetu ya ufuatiliaji wa matumizi ya fedha za umma.',
      },
    },
    {
      collection: 'aboutpartner',
      title: 'Mwanga Community Radio',
      values: {
        name: 'Mwanga Community Radio',
        'logo.alt': 'Nembo ya Mwanga Community Radio',
        description: 'Inarusha kipindi chetu cha kila wiki kuhusu haki za wananchi katika wilaya nne.',
      },
    },
    // Events (/sw/events/…): the youth leadership workshop people register for.
    {
      collection: 'thirdevents',
      title: 'Youth leadership workshop',
      values: {
        title: 'Warsha ya uongozi kwa vijana',
        location: 'Kituo cha Vijana Lindiwe, Lindiwe',
        description: p('Siku ya mafunzo kwa vijana wenye umri wa miaka 16 hadi 30: kuendesha mkutano, kuzungumza hadharani na kuhoji bajeti ya halmashauri. Chakula cha mchana na usafiri vinalipiwa. Nafasi ni chache: jisajili hapa chini.'),
        'image.alt': 'Vijana wakinyoosha mikono katika mafunzo',
        'registrationQuestions.district.label': 'Wilaya yako',
        'registrationQuestions.district.options.bahari.label': 'Bahari',
        'registrationQuestions.district.options.lindiwe.label': 'Lindiwe',
        'registrationQuestions.district.options.other.label': 'Wilaya nyingine',
        'registrationQuestions.needs.label': 'Unahitaji chochote ili kushiriki (mkalimani, njia isiyo na ngazi)?',
      },
    },
    // Youth Leadership Project (/sw/uongozi-wa-vijana): the volunteer sign-up form.
    {
      collection: 'youthvolunteer',
      title: 'Sign up to volunteer',
      values: {
        title: 'Jisajili kujitolea',
        intro: 'Tuambie kidogo kuhusu wewe na jinsi ungependa kushiriki. Afisa wa programu ya vijana wa wilaya yako atawasiliana nawe ndani ya wiki mbili.',
        'fields.name.label': 'Jina lako',
        'fields.email.label': 'Anwani ya barua pepe',
        'fields.phone.label': 'Namba ya simu',
        'fields.phone.help': 'Ili mratibu wa wilaya yako aweze kukupigia. Si lazima.',
        'fields.age.label': 'Umri wako',
        'fields.age.help': 'Mradi ni kwa vijana wenye umri wa miaka 16 hadi 30.',
        'fields.district.label': 'Wilaya yako',
        'fields.district.options.bahari.label': 'Bahari',
        'fields.district.options.lindiwe.label': 'Lindiwe',
        'fields.district.options.other.label': 'Wilaya nyingine',
        'fields.roles.label': 'Ungependa kushiriki vipi?',
        'fields.roles.options.monitor.label': 'Kutembelea zahanati, shule na vituo vya maji kama mfuatiliaji kijana',
        'fields.roles.options.academy.label': 'Kujiunga na chuo cha uongozi',
        'fields.roles.options.radio.label': 'Kuzungumza kwenye redio ya jamii',
        'fields.start.label': 'Unaweza kuanza lini?',
        'fields.message.label': 'Kuna jambo jingine tunalopaswa kujua?',
        consentText: 'Ninakubali Tujenge Civic Alliance ihifadhi majibu yangu kwa miezi 12 ili kupanga kazi ya kujitolea, na iwasiliane nami kuhusu hilo.',
        thankYou: 'Asante kwa kujisajili! Afisa wa programu ya vijana wa wilaya yako atawasiliana nawe ndani ya wiki mbili.',
        closedMessage: 'Usajili wa wanaojitolea mwaka huu umefungwa. Rudi mwezi Januari.',
      },
    },
  ],

  pages: {
    home: {
      path: '/',
      title: 'Mwanzo',
      navLabel: 'MWANZO',
      description: 'Muungano wa wananchi, wanawake na viongozi vijana wanaofanya kazi kwa ajili ya utawala bora, uwajibikaji na haki za kiuchumi na kijamii.',
      'sections.newstory.heading': 'Habari na makala',
    },
    about: {
      path: '/kuhusu',
      title: 'Kuhusu sisi',
      navLabel: 'Kuhusu Tujenge',
      description: 'Sisi ni nani, tunafanya nini, na watu na washirika walio nyuma ya kazi yetu.',
      'sections.aboutdiscover.heading': 'Fahamu kazi yetu',
      'sections.aboutleader.heading': 'Viongozi wetu',
      'sections.aboutpartner.heading': 'Washirika wetu',
    },
    youthleadership: {
      path: '/uongozi-wa-vijana',
      title: 'Mradi wa Uongozi wa Vijana',
      description: 'Kuwafunza na kuwalea viongozi wa jamii wa kizazi kijacho.',
    },
  },

  menus: {
    // A link's label is the label in menus of the page it leads to (its Kiswahili title, else its navLabel); these pages are not translated, so their menu labels are said here.
    links: {
      vision: 'Dira na Maadili Yetu',
      history: 'Historia Yetu',
      leadership: 'Uongozi Wetu',
      partner: 'Washirika Wetu',
      gender: 'Jinsia na Uongozi wa Wanawake',
      democratic: 'Utawala Bora wa Kidemokrasia',
      accountability: 'Uwajibikaji wa Kijamii',
      youthleadership: 'Mradi wa Uongozi wa Vijana',
      socio: 'Haki za Kiuchumi na Kijamii',
      strategy: 'Mkakati Wetu',
      events: 'Matukio',
    },
    headings: {
      'About Us': 'Kuhusu Sisi',
      'Our Work': 'Kazi Yetu',
    },
  },

  settings: {
    organisationName: 'Tujenge Civic Alliance',
    tagline: 'Wananchi na viongozi wakijenga jamii zenye uwajibikaji',
  },
};
