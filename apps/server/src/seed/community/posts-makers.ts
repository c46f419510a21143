import type { PostSpec } from './types';

/** Posts in Homebrew, Speedruns and Marketplace. */
export const MAKER_POSTS: PostSpec[] = [
  {
    by: 'chipmaru',
    topic: 'releases',
    hoursAgo: 96,
    style: 'legend',
    files: ['skycycle-rom', 'skycycle-zip'],
    likes: 11,
    shares: 5,
    text: `Skycycle v1.0 — my first NES demo is out! 🌅

It does one thing: every 16 frames it paints the sky the next colour of the NES palette, forever. It's tiny (under 100 bytes of code) and it was the best way I found to learn how the PPU wakes up, how vblank works and why you can only touch the palette at the right moment.

The .nes file runs in any emulator and on a flash cart. The zip has the ca65 source and the linker config, so you can build it yourself and change the speed or the colours. Public domain, do what you like with it.`,
    comments: [
      {
        by: 'famifumi',
        text: 'Runs on my Everdrive! Hypnotic on a CRT.',
        likes: 4,
        replies: [
          {
            by: 'chipmaru',
            text: 'Yes! I only tested it in emulators, so this makes my day.',
            likes: 2,
            replies: [
              {
                by: 'spritesam',
                text: 'Could you do a version where it fades through the palette instead of jumping?',
                likes: 1,
                replies: [{ by: 'chipmaru', text: 'Good idea, that is v1.1 then.', likes: 2 }],
              },
            ],
          },
        ],
      },
      {
        by: 'glitchgwen',
        text: 'Why write the palette address twice in the NMI?',
        likes: 2,
        replies: [
          {
            by: 'chipmaru',
            text: 'With rendering off, the PPU shows the colour at whatever address it points to. Writing $3F00 again after the data write keeps it showing the backdrop instead of the next palette entry.',
            likes: 5,
          },
        ],
      },
      { by: 'pixelpat', text: 'Congrats on the first release! 🎉', likes: 2 },
    ],
  },
  {
    by: 'famifumi',
    topic: 'releases',
    hoursAgo: 350,
    images: [{ kind: 'sprites' }, { kind: 'palette', palette: 'pico8' }],
    likes: 6,
    text: 'Work in progress: a small vertical shooter in the PICO-8 palette, which I am porting to the Game Boy Color. Here are the enemy sprites and the palette I am limited to. Demo ROM in a few weeks.',
    comments: [{ by: 'spritesam', text: 'The pink crab one is adorable. Please make it a boss.', likes: 3 }],
  },
  {
    by: 'modchipmo',
    topic: 'releases',
    hoursAgo: 265,
    likes: 3,
    text: 'Released: a small Game Boy test ROM that shows every button, the link port and the speaker on one screen. Handy when you are checking a console you just repaired or bought. Source and ROM on request, I will clean them up first.',
  },
  {
    by: 'chipmaru',
    topic: 'chiptune',
    hoursAgo: 30,
    images: [{ kind: 'scope' }],
    style: 'sunset',
    likes: 6,
    text: 'What the NES sound chip is doing, channel by channel: pulse 1 (50% duty), pulse 2 (25% duty, that thinner sound), the triangle for the bass and the noise channel for drums. Five channels with the sample channel, and every NES soundtrack you love is these shapes and nothing else.',
    comments: [
      {
        by: 'spritesam',
        text: 'Seeing the waves makes it click for me. The triangle is so clean!',
        likes: 2,
      },
      {
        by: 'famifumi',
        text: 'And the triangle has no volume control, so composers faded it by playing tricks with the notes.',
        likes: 3,
      },
    ],
  },
  {
    by: 'chipmaru',
    topic: 'chiptune',
    hoursAgo: 180,
    link: 'https://www.nesdev.org/wiki/APU',
    likes: 4,
    text: 'For anyone starting with FamiTracker: read the APU page on the NESdev wiki once, even if you don\'t understand all of it. Knowing what "sweep" and "length counter" mean makes the effect columns so much less scary.',
  },
  {
    by: 'modchipmo',
    topic: 'chiptune',
    hoursAgo: 120,
    likes: 2,
    text: 'Best way to record Game Boy audio without the buzz? My DMG hums through the headphone jack when the backlight mod is on.',
    comments: [
      {
        by: 'chipmaru',
        text: 'A ground loop isolator helps, but the real fix is a pro sound mod: it takes the audio before the amplifier. Much cleaner.',
        likes: 3,
      },
    ],
  },
  {
    by: 'pixelpat',
    topic: 'chiptune',
    hoursAgo: 70,
    likes: 3,
    text: 'A week with LSDj on a real Game Boy. The interface is a wall at first, then suddenly you are faster on it than on any desktop tracker. My first song is 40 seconds long and I am weirdly proud.',
  },
  {
    by: 'spritesam',
    topic: 'pixelart',
    hoursAgo: 10,
    images: [{ kind: 'sprites' }, { kind: 'sprites' }, { kind: 'sprites' }, { kind: 'sprites' }],
    style: 'arcade',
    likes: 9,
    shares: 2,
    text: 'Lunch-break challenge done: 48 little monsters in 5 days, 12×12 each, mirrored, three shades plus an outline. Which one should become a playable character?',
    comments: [
      {
        by: 'chipmaru',
        text: 'Top row, third one. It looks like it would make a great jump sound.',
        likes: 3,
      },
      {
        by: 'neonnina',
        text: 'These would look amazing as an arcade attract screen.',
        likes: 2,
        replies: [{ by: 'spritesam', text: 'Oh no, now I want to make an attract screen.', likes: 2 }],
      },
      { by: 'joypadjae', text: 'The blue one with the big eyes. Definitely.' },
    ],
  },
  {
    by: 'spritesam',
    topic: 'pixelart',
    hoursAgo: 150,
    images: [
      { kind: 'landscape', mood: 'night' },
      { kind: 'landscape', mood: 'dusk' },
    ],
    likes: 5,
    text: 'Practising parallax layers: a dithered sky, a far ridge, a near ridge with pines. Two times of day so far. Is the dithering in the sky too strong?',
    comments: [
      {
        by: 'neonnina',
        text: 'The dithering is just right at this size. On a CRT it would blend perfectly.',
        likes: 2,
      },
    ],
  },
  {
    by: 'neonnina',
    topic: 'pixelart',
    hoursAgo: 250,
    images: [
      { kind: 'landscape', mood: 'day' },
      { kind: 'landscape', mood: 'dusk' },
      { kind: 'landscape', mood: 'night' },
    ],
    style: 'legend',
    likes: 8,
    text: 'The same valley three times, only the palette changes. Palette swaps were how 16-bit games did day and night without a single extra tile.',
  },
  {
    by: 'pixelpat',
    topic: 'routes',
    hoursAgo: 140,
    price: 50,
    files: ['route-txt'],
    style: 'legend',
    likes: 4,
    text: `My complete Super Mario Bros. 3 warpless route notes, world by world: every power-up I take, where I store the P-wing, the two flute-free skips I use and the frame rules I aim for.

This is what I run in races. It took me two years of tweaking. The .txt has splits for a 52-minute run and notes on the backups when a level goes wrong.`,
    comments: [{ by: 'bitbruno', text: 'Unlocked it. The World 6 notes alone were worth it.', likes: 2 }],
  },
  {
    by: 'bitbruno',
    topic: 'routes',
    hoursAgo: 14,
    color: 'sky',
    likes: 7,
    text: 'Finally sub-30 in Sonic 1 any%! 29:41. Lost almost a minute in Labyrinth Zone as usual, but Scrap Brain went perfectly for once. Next goal: sub-28.',
    comments: [
      {
        by: 'glitchgwen',
        text: "Huge! Labyrinth is everyone's problem, the routes there are so precise.",
        likes: 2,
      },
      { by: 'pixelpat', text: 'GG! Sub-28 is very possible if you learn the Labyrinth 3 zip.', likes: 3 },
    ],
  },
  {
    by: 'glitchgwen',
    topic: 'routes',
    hoursAgo: 45,
    likes: 5,
    text: 'Practice tip that changed everything for me: use save states to drill one segment twenty times in a row. Not the whole run, one segment. Ten minutes a day on your worst split beats an hour of full runs.',
  },
  {
    by: 'bitbruno',
    topic: 'routes',
    hoursAgo: 300,
    likes: 2,
    text: 'Route question: in Green Hill Act 2, is the upper path really faster for beginners, or only when you can keep full speed through the loops?',
    comments: [
      {
        by: 'glitchgwen',
        text: 'Only if you keep your speed. If you miss the spring you lose more than you save. Take the lower path until it feels boring.',
        likes: 2,
      },
    ],
  },
  {
    by: 'glitchgwen',
    topic: 'glitches',
    hoursAgo: 26,
    images: [{ kind: 'platformer' }],
    style: 'sunset',
    likes: 6,
    text: 'The Minus World in Super Mario Bros., explained: at the end of 1-2, duck and jump at the wall next to the exit pipe. Done right, Mario clips into the wall and gets pushed right into the warp zone before the warp numbers load. The left pipe then takes you to an endless underwater level.',
    comments: [
      {
        by: 'joypadjae',
        text: "I tried this twenty times tonight. Twenty. It finally worked and I'm never leaving the underwater level.",
        likes: 4,
      },
      {
        by: 'famifumi',
        text: 'Fun fact: on the Famicom Disk System version the minus world is a different, stranger set of levels.',
        likes: 3,
      },
    ],
  },
  {
    by: 'pixelpat',
    topic: 'glitches',
    hoursAgo: 300,
    likes: 5,
    text: 'MissingNo., for people who pretend to understand it: talk to the old man in Viridian City, then fly to Cinnabar and surf along the east coast. The game reads your name, which it kept in the wild-encounter memory, as a list of Pokémon. Some letters map to an index with no real Pokémon. Back up your save first!',
  },
  {
    by: 'neonnina',
    topic: 'racenight',
    hoursAgo: 8,
    images: [{ kind: 'platformer' }, { kind: 'landscape', mood: 'night' }],
    style: 'legend',
    likes: 7,
    shares: 4,
    text: 'Race night is this Saturday, 20:00 UTC! Sonic 1 any%, three heats, winners of each heat race the final. Comment below to sign up. Beginners welcome: there is a separate bracket for your first race.',
    comments: [
      { by: 'bitbruno', text: 'Signing up! Time to test that sub-30.', likes: 3 },
      {
        by: 'glitchgwen',
        text: "I'm in. Someone has to keep Bruno humble.",
        likes: 4,
        replies: [{ by: 'bitbruno', text: 'Rude. Accurate, but rude.', likes: 3 }],
      },
      { by: 'joypadjae', text: 'Beginner bracket for me please!', likes: 1 },
    ],
  },
  {
    by: 'glitchgwen',
    topic: 'racenight',
    hoursAgo: 150,
    likes: 5,
    text: 'Results of last week: Tetris 40 lines. 1st pixelpat (2:58), 2nd bitbruno (3:12), 3rd me (3:15, one terrible I-piece). Thanks to everyone who joined and the nine people who watched.',
    comments: [{ by: 'pixelpat', text: 'GG all, that was closer than the times say.', likes: 2 }],
  },
  {
    by: 'bitbruno',
    topic: 'racenight',
    hoursAgo: 185,
    likes: 2,
    text: 'Practising Tetris 40 lines for Saturday. My hands hurt. Is it normal to see falling blocks when I close my eyes?',
    comments: [{ by: 'neonnina', text: "It's called the Tetris effect and yes 😄", likes: 3 }],
  },
  {
    by: 'retrorosa',
    topic: 'trade',
    hoursAgo: 40,
    images: [
      { kind: 'shelf', count: 5 },
      { kind: 'shelf', count: 3 },
    ],
    color: 'teal',
    likes: 6,
    text: 'Flea market haul! Five carts for the price of one new game, and all of them work after a clean. The red one has a battery save that still holds. Second photo is my shelf after sorting.',
    comments: [
      { by: 'cartridgecarl', text: 'The red shell is a great find, they go for a lot now.', likes: 2 },
      { by: 'famifumi', text: 'Your shelf looks like mine. The shelf always wins.', likes: 1 },
    ],
  },
  {
    by: 'cartridgecarl',
    topic: 'trade',
    hoursAgo: 120,
    price: 30,
    style: 'legend',
    likes: 5,
    text: `Spring price guide: what boxed NES, SNES and Mega Drive games actually sold for in the last three months, from my own sales and the fairs I went to.

I track about 200 titles: loose, boxed and complete in box, with the condition of each sale. Notes on which titles are rising, which are falling after the big spike of 2021, and which reproductions are circulating so you don't pay full price for a fake. Updated every season.`,
    comments: [
      { by: 'retrorosa', text: 'Worth every coin. The section on fakes saved me already.', likes: 3 },
    ],
  },
  {
    // Nobody has bought this one yet, pixelpat included: the demo has a paid post left to unlock.
    by: 'neonnina',
    topic: 'repairs',
    hoursAgo: 30,
    price: 40,
    style: 'legend',
    text: `My CRT geometry and convergence guide, from ten years of restoring arcade cabinets: which pots to turn first, how to make a crosshatch pattern without a generator, and how to get the corners straight without cooking the yoke.

Includes the settings I use for the common chassis, and the safety steps I never skip. Discharge the tube first. Every time.`,
  },
  {
    by: 'retrorosa',
    topic: 'trade',
    hoursAgo: 75,
    likes: 2,
    text: 'Looking for: boxed Game Boy Tetris, European version, with the manual. Box can be a bit worn. I can trade a spare boxed Super Mario Land.',
  },
  {
    by: 'modchipmo',
    topic: 'trade',
    hoursAgo: 20,
    likes: 3,
    text: 'Selling three refurbished Mega Drive six-button pads: new membranes, cleaned boards, tested on a real console. Message me if you want one.',
  },
  {
    by: 'neonnina',
    topic: 'trade',
    hoursAgo: 420,
    likes: 4,
    text: 'Free to a good home: a working 14-inch Trinitron with RGB SCART. Picture is great, it just does not fit in my flat anymore. Pickup only, bring a friend, it is heavy.',
  },
  {
    by: 'cartridgecarl',
    topic: 'repairs',
    hoursAgo: 200,
    images: [{ kind: 'board' }],
    likes: 6,
    text: 'Recapping a Mega Drive model 1: the leaky cap near the audio amplifier is the usual suspect for weak or crackly sound. Swap all the electrolytics while you are in there, it takes an hour. The brown ring on the board is where the old one leaked.',
    comments: [
      { by: 'joypadjae', text: 'Saving this for my Game Boy repair. Same kind of problem!', likes: 1 },
    ],
  },
  {
    by: 'modchipmo',
    topic: 'repairs',
    hoursAgo: 60,
    files: ['pinout-pdf'],
    likes: 5,
    shares: 1,
    text: 'Made a one-page cheat sheet of the Mega Drive controller port pinout, with what each pin does in both states of the select line and how the six-button pad answers. Print it and tape it next to your soldering station.',
    comments: [
      { by: 'cartridgecarl', text: 'Printed and taped. Thanks Mo!', likes: 2 },
      {
        by: 'bitbruno',
        text: 'So that is how the six-button pad sneaks in the extra buttons. Clever.',
        likes: 1,
      },
    ],
  },
  {
    by: 'cartridgecarl',
    topic: 'repairs',
    hoursAgo: 35,
    likes: 4,
    text: "PSA: please don't use a pencil eraser on cartridge contacts. It works, but it also removes a bit of the gold plating every time. Isopropyl alcohol and a cotton swab, and a bit of patience for stubborn ones.",
    comments: [{ by: 'retrorosa', text: 'Guilty. I erased half my collection in the 2000s 😅', likes: 2 }],
  },
];
