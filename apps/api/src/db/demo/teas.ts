import type { DemoReport, DemoTea, QueuedTea } from './script-types.js';
import { OLDER_TEAS } from './teas-older.js';

/**
 * The demo's published teas, in Kettle's voice. Every handle is invented and says so
 * (@totally_fictional_chef...), so no real person is the subject of a demo tea.
 */
export const TEAS: DemoTea[] = [
  ...OLDER_TEAS,
  {
    key: 'band',
    by: 'oolong_olu',
    handle: '@nonexistent_band_manager',
    category: 'The Brew Room',
    state: 'TN',
    title: 'Still steeping: which band member stole the tour van?',
    content:
      'Update one of who knows how many. The tour van vanished from the motel lot on Thursday. The drummer says he was asleep, the bassist says she was at the laundromat, and the manager says "no comment" while holding the van keys. This tea is still brewing; leave your theories below and I will post updates as the leaves settle.',
    days: 13,
    photos: ['city-night'],
    votes: ['chai_charlie', 'matcha_mo', 'ava_sips'],
    comments: [
      {
        by: 'matcha_mo',
        text: 'The manager holding the keys while saying "no comment" is carrying this whole story.',
        hours: 2,
      },
      { by: 'oolong_olu', text: 'UPDATE: the van was found at a drive-in movie. Two tickets were bought.', hours: 30 },
      { by: 'chai_charlie', text: 'Two tickets?? Who was the date??', hours: 31, reply: 1 },
    ],
  },
  {
    key: 'hoa',
    by: 'rooibos_rae',
    handle: '@fabricated_hoa_president',
    category: 'Family Feud',
    state: 'CO',
    title: 'HOA president fined his own mother for her garden gnome',
    content:
      'The bylaws say "one decorative ornament per yard". His mother has eleven gnomes, each in a tiny outfit. He fined her forty dollars. She paid in pennies, delivered in a gnome-shaped piggy bank, at the monthly meeting, during the budget report. Thanksgiving is going to be a bloodbath with gravy.',
    days: 12,
    votes: ['ben_brews', 'earl_grey_gwen', 'chai_charlie', 'kombucha_kai'],
    comments: [
      { by: 'ben_brews', text: 'Paying in pennies via gnome is the most powerful move in HOA history.', hours: 1 },
      { by: 'kombucha_kai', text: 'Gnome-shaped piggy bank. She planned this for years.', hours: 6 },
    ],
  },
  {
    key: 'coworker',
    by: 'matcha_mo',
    handle: '@imaginary_intern',
    category: 'Workplace War',
    state: 'MA',
    title: "Someone has been labelling the office fridge food with other people's names",
    content:
      'The yogurt thief is no ordinary thief: they relabel every snack with a colleague\'s name, then eat it, so the evidence points elsewhere. HR is involved. Sticky notes are being handwriting-analysed. The prime suspect is the intern who "does not even like yogurt", which is exactly what a yogurt thief would say.',
    days: 11,
    photos: ['office-desk'],
    votes: ['oolong_olu', 'rooibos_rae', 'ben_brews', 'kombucha_kai', 'earl_grey_gwen'],
    comments: [
      { by: 'oolong_olu', text: 'Framing people through fridge labels is criminal mastermind behaviour.', hours: 2 },
      {
        by: 'earl_grey_gwen',
        text: '"Does not even like yogurt" is a confession in this economy.',
        hours: 3,
        reply: 0,
      },
      { by: 'ben_brews', text: 'Put a camera on the fridge. Solve it by Friday.', hours: 12 },
    ],
  },
  {
    key: 'ex',
    by: 'kombucha_kai',
    handle: '@theoretical_ex',
    category: 'Baby Daddy Diaries',
    state: 'NV',
    title: 'Forgot the birthday party, remembered to post about it',
    content:
      'He missed the whole party (clowns, cake, a bouncy castle he promised to pay half of), then posted a photo of himself holding a balloon with the caption "best day with my little man". The balloon was from a car dealership. The bouncy castle invoice has been forwarded with a single emoji: a teacup.',
    days: 10,
    votes: ['rooibos_rae', 'ava_sips', 'matcha_mo'],
    comments: [{ by: 'rooibos_rae', text: 'The teacup emoji invoice. That is how you serve it.', hours: 4 }],
  },
  {
    key: 'auntie',
    by: 'earl_grey_gwen',
    handle: '@hypothetical_auntie',
    category: 'Baby Mama Drama',
    state: 'NC',
    title: 'Custody schedule negotiated entirely through a group chat of aunties',
    content:
      'Neither parent speaks to the other, so the weekend schedule is now set by seven aunties in a group chat named "The Tribunal". Decisions are final, appeals cost one homemade pie, and both households reportedly love it because every handover comes with snacks. The Tribunal has asked to be consulted on the holidays next.',
    days: 9,
    votes: ['ava_sips', 'chai_charlie', 'oolong_olu'],
    comments: [
      { by: 'chai_charlie', text: 'Appeals cost one homemade pie. This is the justice system we deserve.', hours: 2 },
      { by: 'ava_sips', text: 'Honestly healthier than most co-parenting I have seen.', hours: 5 },
    ],
  },
  {
    key: 'karaoke',
    by: 'ben_brews',
    handle: '@unreal_karaoke_king',
    category: 'Club Shenanigans',
    state: 'MI',
    title: 'Karaoke champ caught lip-syncing to his own recording',
    content:
      'Four years undefeated at Thursday karaoke. Last week the mic cut out mid-chorus and the vocals... kept going. Turns out he had been playing a recording of himself from his phone in his shirt pocket. The bar has stripped his title, but the recording was genuinely great, so there is now a petition to let him compete as a band.',
    days: 8,
    photos: ['neon-club'],
    votes: ['matcha_mo', 'kombucha_kai', 'earl_grey_gwen', 'chai_charlie'],
    comments: [
      { by: 'kombucha_kai', text: 'Lip-syncing to yourself is somehow both cheating and not cheating.', hours: 1 },
      { by: 'matcha_mo', text: 'Signed the petition. Let the man be a band.', hours: 4 },
    ],
  },
  {
    key: 'ring',
    by: 'chai_charlie',
    handle: '@no_such_fiance',
    category: 'Spill 4 Me',
    state: 'SC',
    title: 'Spill 4 me: who buried an engagement ring at the beach?',
    content:
      'A metal-detector hobbyist dug up an engraved ring ("Forever, D.") at Pelican Point. He wants to return it, the engraving is all we have, and the whole boardwalk has opinions. Bounty for whoever helps find D. with a real lead, because somebody is either heartbroken or in a very awkward conversation.',
    days: 7,
    photos: ['beach-ring'],
    bounty: 40,
    votes: ['ben_brews', 'earl_grey_gwen', 'ava_sips', 'oolong_olu'],
    comments: [
      {
        by: 'earl_grey_gwen',
        text: 'Check the lost-and-found board at the surf shack, it is full of D names.',
        hours: 3,
      },
      { by: 'ben_brews', text: 'The surf shack owner is Dominic and he proposed in June. Start there.', hours: 6 },
      {
        by: 'chai_charlie',
        text: 'Dominic confirmed!! It fell in the sand during the proposal. Bounty is yours.',
        hours: 20,
        reply: 1,
      },
    ],
    awardTo: 1,
  },
  {
    key: 'gala',
    by: 'rooibos_rae',
    handle: '@counterfeit_socialite',
    category: 'You Thought You Ate?',
    state: 'NY',
    title: 'The gala gown was still wearing its return tag',
    content:
      'Red carpet, flashing lights, a slow twirl for the cameras... and a cardboard tag swinging from the hem like a tiny flag of surrender. She returned the gown on Monday. The store now has a photo of the tag on the red carpet taped to the register with the words "not this time".',
    days: 6,
    votes: ['kombucha_kai', 'chai_charlie', 'ava_sips', 'matcha_mo', 'ben_brews'],
    comments: [
      { by: 'ava_sips', text: 'The slow twirl made the tag do a full lap. Cinematic.', hours: 2 },
      { by: 'matcha_mo', text: '"Not this time" taped to the register is a masterclass.', hours: 7 },
    ],
  },
  {
    key: 'bbq',
    by: 'oolong_olu',
    handle: '@mock_pitmaster',
    category: 'Caught Slipping',
    state: 'TX',
    title: 'Award-winning brisket, ordered from the place across the street',
    content:
      'He won the neighbourhood cook-off three years running with "sixteen hours of low and slow". A delivery driver has now confirmed three years of Saturday pickups from the barbecue joint across the street, with a note: "please remove the logo stickers". The trophy is being re-engraved with the restaurant\'s name.',
    days: 5,
    photos: ['smoky-kitchen'],
    votes: ['rooibos_rae', 'ben_brews', 'chai_charlie'],
    comments: [
      { by: 'rooibos_rae', text: 'Please remove the logo stickers. THREE YEARS.', hours: 1 },
      { by: 'ben_brews', text: 'Give the trophy to the delivery driver honestly.', hours: 2, reply: 0 },
    ],
  },
  {
    key: 'podcast',
    by: 'kombucha_kai',
    handle: '@phony_podcaster',
    category: 'Spill 4 Me',
    state: 'OR',
    title: 'Spill 4 me: who is the mystery caller on every episode?',
    content:
      'Every episode of the town\'s true-crime podcast has a "listener call" from Gary, who always has the crucial clue. Gary has the same voice as the host with a towel over the mic. I am offering a bounty for the person who can prove it, or, even better, produce a real Gary.',
    days: 4,
    bounty: 60,
    votes: ['matcha_mo', 'earl_grey_gwen', 'oolong_olu'],
    comments: [
      {
        by: 'matcha_mo',
        text: 'In episode 12 you can hear Gary and the host breathe at the same time. Two lungs, one man.',
        hours: 3,
      },
      { by: 'earl_grey_gwen', text: 'There IS a Gary in town but he only talks about lawnmowers.', hours: 8 },
      { by: 'kombucha_kai', text: 'Lawnmower Gary would be an upgrade, honestly.', hours: 9, reply: 1 },
    ],
  },
  {
    key: 'reunion',
    by: 'matcha_mo',
    handle: '@imaginary_class_president',
    category: 'Fake Friends',
    state: 'PA',
    title: 'Class reunion organiser "forgot" to invite half the class',
    content:
      'The invitations went to everyone who voted for her in 2009. Everyone else found out from the photo dump. She says it was a mail merge accident. It was a mail merge, it was not an accident, and the spreadsheet had a column named "loyal". The uninvited half is throwing its own reunion, with a better venue.',
    days: 3,
    photos: ['party-cake'],
    votes: ['ava_sips', 'rooibos_rae', 'kombucha_kai'],
    comments: [{ by: 'rooibos_rae', text: 'A column named "loyal". I need to see this spreadsheet.', hours: 2 }],
  },
  {
    key: 'garden',
    by: 'ben_brews',
    handle: '@fictional_gardener',
    category: 'Tea with Sprinkles',
    state: 'VT',
    title: 'The "prize pumpkin" was grown by the whole street in secret',
    content:
      'Mr. Alvarez has entered the county fair for twenty years and never placed. This year the whole street took turns watering, feeding and serenading his pumpkin at night while he slept. It won second place. He cried, the street cried, the pumpkin was made into nine pies. Sweetest tea of the season.',
    days: 2.5,
    votes: ['earl_grey_gwen', 'chai_charlie'],
    comments: [{ by: 'earl_grey_gwen', text: 'Serenading the pumpkin at night. I am not crying, you are.', hours: 3 }],
  },
  {
    key: 'spin',
    by: 'earl_grey_gwen',
    handle: '@pretend_spin_instructor',
    category: 'Workplace War',
    state: 'GA',
    title: 'Spin instructor has been riding a bike with no chain for a year',
    content:
      'Front row noticed the wheels on her bike never actually move. The resistance knob is glued on. She has been "climbing the hill" with us for twelve months while pedalling the equivalent of a gentle breeze. Management knew. Management also has no chain. It is chains all the way down, except it is not.',
    days: 1.5,
    votes: ['oolong_olu', 'kombucha_kai'],
    comments: [{ by: 'oolong_olu', text: 'It is chains all the way down, except it is not. Poetry.', hours: 2 }],
  },
  {
    key: 'florist',
    by: 'chai_charlie',
    handle: '@make_believe_florist',
    category: 'Cheater Alert',
    state: 'MN',
    title: 'Florist sent the same "only for you" bouquet to three partners',
    content:
      'Valentine\'s came early in the shop: three identical bouquets, three identical cards reading "only for you", three addresses on the same street. The recipients met at the bus stop, compared flowers, and started a group chat. Last seen: the three of them at brunch, sharing one very honest review of the florist.',
    days: 1,
    photos: ['three-bouquets'],
    votes: ['matcha_mo'],
    comments: [],
  },
];

/** Teas waiting for a moderator, so the queue has something to approve or reject. */
export const QUEUE: QueuedTea[] = [
  {
    key: 'queue-ava',
    by: 'ava_sips',
    handle: '@invented_yoga_teacher',
    category: 'Caught Slipping',
    state: 'CA',
    title: 'Silent retreat leader caught on a two-hour phone call',
    content:
      'Day three of the silent retreat: no talking, no phones, no exceptions. Except for the leader, who was found in the supply closet on speaker, loudly comparing car insurance quotes. The retreat is now called the "mostly quiet retreat".',
    hours: 20,
  },
  {
    key: 'queue-olu',
    by: 'oolong_olu',
    handle: '@fictional_food_critic',
    category: 'Roast Room',
    state: 'IL',
    title: 'Food critic gave five stars to a restaurant that has not opened yet',
    content:
      'A glowing review of the tasting menu, the "velvety" soup and the staff\'s warm welcome. The restaurant is still a construction site with a tarp for a door. The owner has framed the review anyway and hung it on the tarp.',
    hours: 9,
    photos: ['receipt-pile'],
  },
  {
    key: 'queue-rae',
    by: 'rooibos_rae',
    handle: '@unreal_realtor',
    category: 'The Brew Room',
    state: 'FL',
    title: 'Realtor listed a "sea view" that needs a ladder and binoculars',
    content:
      'The listing says "sea view". The view is of the sea, technically, if you stand on the roof with binoculars on a clear day. Still brewing: the realtor says a viewing is the only way to judge, and the viewing requires a harness.',
    hours: 3,
  },
];

/** Reports still open on the desk, so a moderator has something to decide. */
export const REPORTS: ReadonlyArray<DemoReport> = [
  {
    by: 'ben_brews',
    tea: 'reunion',
    reason: 'false_information',
    description: 'I was on that spreadsheet. The column was called "devoted", not "loyal". Facts matter, even in tea.',
    hours: 30,
  },
  {
    by: 'ava_sips',
    tea: 'dj',
    comment: 3,
    reason: 'spam',
    description: 'Ben ends every comment with "bestie". Reporting it as a crime against vocabulary.',
    hours: 50,
  },
];
