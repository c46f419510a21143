import type { PostSpec } from './types';

/** Posts in Retro talk and Consoles. */
export const TALK_POSTS: PostSpec[] = [
  {
    by: 'neonnina',
    topic: 'lounge',
    hoursAgo: 490,
    pinned: true,
    style: 'legend',
    likes: 10,
    shares: 6,
    text: `Welcome to Pixelhall! 👾

This is a place for people who still blow into cartridges (please don't, it corrodes the pins) and for people who just found their first Game Boy in a drawer.

A few house rules:
• Be kind. Everyone started with a dead battery save once.
• Put posts in the right topic. Homebrew releases needs level 5, so release threads stay release threads.
• Mature classics is 18+ and stays about the games.
• Selling something? Trade & sell, with honest photos of the condition.
• No ROM links for commercial games. Homebrew, your own dumps for your own use, and public-domain demos are fine.

Follow the topics you like and they show up under YOURS on the home screen. See you at race night!`,
    comments: [
      { by: 'pixelpat', text: 'Glad this place exists. See you all on the leaderboards.', likes: 4 },
      {
        by: 'joypadjae',
        text: 'Wait, blowing into cartridges is bad?? My whole childhood was a lie.',
        likes: 6,
        replies: [
          {
            by: 'cartridgecarl',
            text: 'The moisture makes the contacts corrode over time. A cotton swab and isopropyl alcohol does the job properly.',
            likes: 5,
            replies: [
              {
                by: 'joypadjae',
                text: 'Ordering isopropyl right now. Thanks Carl!',
                likes: 1,
              },
            ],
          },
          {
            by: 'neonnina',
            text: 'It worked because you reseated the cart, not because of the breath 😄',
            likes: 3,
          },
        ],
      },
      { by: 'newbienoor', text: 'Hi everyone! Happy to be here.', likes: 3 },
    ],
  },
  {
    by: 'newbienoor',
    topic: 'lounge',
    hoursAgo: 3,
    likes: 5,
    text: "Hi! I just joined. I've only played Tetris on my dad's old Game Boy so far, and I love it. What should I play next? Something not too hard please 🙏",
    comments: [
      {
        by: 'retrorosa',
        text: "Kirby's Dream Land! Short, cute and you can finish it in an evening.",
        likes: 3,
        replies: [{ by: 'newbienoor', text: 'Adding it to my list, thank you!' }],
      },
      {
        by: 'joypadjae',
        text: "Link's Awakening. I finished it last week and it's the best thing I've played this year.",
        likes: 2,
      },
      { by: 'chipmaru', text: 'Dr. Mario if you want more puzzles. The music alone is worth it.', likes: 1 },
    ],
  },
  {
    by: 'pixelpat',
    topic: 'lounge',
    hoursAgo: 20,
    color: 'amber',
    likes: 6,
    text: "What's everyone playing tonight? I'm going for a one-credit clear of Gradius III. Stage 3 and the moai still eat my options every single time.",
    comments: [
      { by: 'bitbruno', text: 'Sonic 1 practice. Labyrinth Zone is my nemesis.', likes: 2 },
      {
        by: 'famifumi',
        text: 'Finishing the translation patch of a Famicom RPG, so: hex editor simulator.',
        likes: 3,
        replies: [
          { by: 'pixelpat', text: 'Which one? I need a new RPG.' },
          { by: 'famifumi', text: "Secret until it's done! Two more towns to go." },
        ],
      },
    ],
  },
  {
    by: 'neonnina',
    topic: 'lounge',
    hoursAgo: 160,
    images: [{ kind: 'board' }],
    likes: 7,
    text: 'Cabinet restoration log, week 3: the monitor chassis is back from its recap and the picture is sharp again. Next job is the control panel — new microswitches, and the joystick needs a new bushing. Photo of the old chassis board before the work, look at that cap by the flyback.',
    comments: [
      {
        by: 'modchipmo',
        text: 'That cap is fully domed. Good thing you caught it before it vented all over the board.',
        likes: 2,
      },
      {
        by: 'cartridgecarl',
        text: 'Sanwa or Seimitsu for the sticks?',
        replies: [{ by: 'neonnina', text: 'Sanwa JLF. Sorry Seimitsu fans.' }],
      },
    ],
  },
  {
    by: 'cartridgecarl',
    topic: 'lounge',
    hoursAgo: 55,
    likes: 4,
    text: "Anyone going to the retro fair next month? I'll have a small table with spare parts and a repair corner. Bring your dead consoles and I'll have a look for free.",
    comments: [
      { by: 'retrorosa', text: "I'll be there! Saving my money for it already.", likes: 1 },
      {
        by: 'modchipmo',
        text: 'I can help at the repair corner if you want a second pair of hands.',
        likes: 2,
      },
    ],
  },
  {
    by: 'chipmaru',
    topic: 'lounge',
    hoursAgo: 400,
    link: 'https://chipmusic.org/',
    likes: 4,
    text: 'Started a list of chiptune albums for late-night sessions. Mostly Game Boy and 2A03, a bit of YM2612. Drop your favourites below and I will add them.',
    comments: [{ by: 'spritesam', text: 'Anything by Chipzel. Fight me.', likes: 2 }],
  },
  {
    by: 'spritesam',
    topic: 'lounge',
    hoursAgo: 90,
    likes: 3,
    text: 'Random question: which console had the best-looking fonts in its games? I keep going back to SNES RPG menus. Those chunky white letters with a dark outline on blue boxes are perfect.',
    comments: [
      { by: 'famifumi', text: 'Mega Drive fonts were so thin. The SNES wins this one.', likes: 1 },
      { by: 'pixelpat', text: 'PC Engine shooters had great ones too, underrated.' },
    ],
  },
  {
    by: 'joypadjae',
    topic: 'lounge',
    hoursAgo: 110,
    likes: 8,
    text: "Just finished Link's Awakening for the first time. The ending got me. How did a Game Boy game from 1993 do that? I'm sitting here staring at the credits.",
    comments: [
      { by: 'retrorosa', text: 'Now play it again in the Color version for the extra dungeon 😊', likes: 3 },
      { by: 'neonnina', text: 'Welcome to the club. Nobody is okay after that ending.', likes: 4 },
    ],
  },
  {
    by: 'famifumi',
    topic: 'lounge',
    hoursAgo: 0.5,
    images: [{ kind: 'shelf', count: 5 }],
    likes: 2,
    text: 'Good morning from Osaka! The second-hand shop near my station had a whole shelf of Famicom carts today. Only bought five. I am very proud of my self-control.',
  },
  {
    by: 'retrorosa',
    topic: 'memories',
    hoursAgo: 250,
    color: 'crimson',
    likes: 6,
    text: 'Does anyone else remember renting games from the video shop? Friday after school, one game for the weekend. I rented the same Mega Man cartridge five weekends in a row because I never got past Wily stage 1 before Monday.',
    comments: [
      {
        by: 'cartridgecarl',
        text: "And someone else's save was always on the cartridge. I inherited so many half-finished adventures.",
        likes: 4,
        replies: [
          { by: 'retrorosa', text: 'And you never dared to overwrite them! Or was that just me?', likes: 2 },
        ],
      },
      { by: 'newbienoor', text: 'This sounds like such a nice tradition. We just download everything now.' },
    ],
  },
  {
    by: 'famifumi',
    topic: 'memories',
    hoursAgo: 300,
    likes: 5,
    text: "My grandfather had a Famicom Disk System. The yellow disks, the loading screen with Mario and Luigi running, the disk writer kiosks in the toy shop where you could put a new game on your old disk for 500 yen. I didn't know then how special that was.",
    comments: [
      {
        by: 'chipmaru',
        text: 'And the extra sound channel on the FDS! Zelda sounded different there.',
        likes: 3,
      },
    ],
  },
  {
    by: 'newbienoor',
    topic: 'memories',
    hoursAgo: 30,
    likes: 3,
    text: "Not my childhood, my mum's: she says she played Dr. Mario every evening on her Game Boy while I was a baby. I found it in the box with the Tetris cart. She still beats me at it.",
    comments: [{ by: 'retrorosa', text: 'Your mum sounds like a legend.', likes: 2 }],
  },
  {
    by: 'spritesam',
    topic: 'memories',
    hoursAgo: 200,
    likes: 4,
    text: 'My first pixel art was Link, copied square by square onto graph paper from the Zelda manual with my coloured pencils. I still have the notebook. The shield is wrong and I love it.',
    comments: [
      { by: 'neonnina', text: 'Graph paper was the original sprite editor. Post a photo of it!', likes: 2 },
    ],
  },
  {
    by: 'neonnina',
    topic: 'mature',
    hoursAgo: 100,
    likes: 5,
    text: 'The classic: Mortal Kombat on the Mega Drive. At the code of honour screen press A, B, A, C, A, B, B and the blood is back, the way the arcade had it. The SNES port had sweat instead of blood and no code at all. That one code is probably why the Mega Drive version outsold it in 1993.',
    comments: [
      {
        by: 'cartridgecarl',
        text: 'ABACABB is burnt into my brain. Played it on the family TV with the sound down.',
        likes: 3,
      },
      {
        by: 'pixelpat',
        text: 'And then MK II on the SNES had everything uncensored. What a turnaround in one year.',
        likes: 2,
      },
    ],
  },
  {
    by: 'cartridgecarl',
    topic: 'mature',
    hoursAgo: 180,
    likes: 3,
    text: 'Splatterhouse 2 or 3? Two is the better straight beat-em-up, but three has the branching paths and the mask transformations. Both still look great for 16-bit gore.',
  },
  {
    by: 'pixelpat',
    topic: 'mature',
    hoursAgo: 40,
    likes: 4,
    text: "Watched a documentary about the 1993 US hearings on video game violence. Night Trap was the villain of the day, and it's honestly a pretty tame FMV game. The rating systems we have today came out of that.",
  },
  {
    by: 'famifumi',
    topic: 'nes',
    hoursAgo: 70,
    images: [{ kind: 'palette', palette: 'nes' }],
    link: 'https://www.nesdev.org/wiki/PPU_palettes',
    color: 'indigo',
    likes: 7,
    shares: 2,
    text: 'For everyone who asked why NES games all look "like NES games": this is the whole palette. Around 54 usable colours, but a background can only use 4 palettes of 3 colours plus a shared backdrop, and each palette covers a 16×16 pixel area. That is why levels are built from big blocky regions of colour.',
    comments: [
      {
        by: 'spritesam',
        text: "This explains so much about why my NES-style art never looks right. I've been using far too many colours per tile.",
        likes: 3,
        replies: [
          {
            by: 'famifumi',
            text: 'Try drawing on a 16×16 grid with one palette per cell. It changes everything.',
            likes: 2,
          },
        ],
      },
    ],
  },
  {
    by: 'famifumi',
    topic: 'nes',
    hoursAgo: 210,
    style: 'legend',
    likes: 6,
    text: 'Why does Castlevania III sound different in Japan? The Famicom has audio pins on the cartridge port, so Konami put their VRC6 chip in the cart: two extra pulse channels and a sawtooth. The NES has no such pins, so the American version was rearranged for the five stock channels. Listen to both versions of Beginning back to back.',
    comments: [{ by: 'chipmaru', text: 'The VRC6 sawtooth is my favourite sound in the world.', likes: 3 }],
  },
  {
    by: 'joypadjae',
    topic: 'nes',
    hoursAgo: 140,
    likes: 2,
    text: 'My NES turns on but the screen just blinks grey and the power light flashes. Is the console dead?',
    comments: [
      {
        by: 'modchipmo',
        text: 'Almost certainly the 72-pin connector. The pins get bent over the years, so the lockout chip resets the console once a second. A new connector costs a few euros and takes five minutes to swap.',
        likes: 4,
        replies: [
          {
            by: 'joypadjae',
            text: 'Swapped it and it works!! First time I ever opened a console.',
            likes: 5,
            replies: [
              { by: 'modchipmo', text: 'Welcome to the hobby. It only gets worse from here 😄', likes: 2 },
            ],
          },
        ],
      },
    ],
  },
  {
    by: 'pixelpat',
    topic: 'nes',
    hoursAgo: 12,
    images: [{ kind: 'platformer' }],
    likes: 5,
    text: 'Tried to draw a one-screen level inside real NES limits: 8×8 tiles, 4 background palettes, 8 sprites per line. The pipe was the hardest part, two greens and a highlight.',
  },
  {
    by: 'retrorosa',
    topic: 'nes',
    hoursAgo: 330,
    likes: 3,
    text: 'Retrobright results on a very yellow NES top shell: 8 hours in the sun with cream peroxide, turned every hour. Not perfect grey again, but it looks 20 years younger. Wear gloves, peroxide stings.',
  },
  {
    by: 'bitbruno',
    topic: 'megadrive',
    hoursAgo: 80,
    likes: 3,
    text: "Six-button pad or three-button for Street Fighter II' on the Mega Drive? The three-button one makes you press Start to switch between punches and kicks, which is a crime.",
    comments: [
      {
        by: 'cartridgecarl',
        text: 'Six-button or nothing. The Japanese one has the nicest d-pad.',
        likes: 2,
      },
      {
        by: 'chipmaru',
        text: "Six-button, but turn it off (hold Mode at power-on) for older games that can't read it.",
      },
    ],
  },
  {
    by: 'modchipmo',
    topic: 'megadrive',
    hoursAgo: 130,
    images: [{ kind: 'board' }],
    style: 'neon',
    likes: 5,
    text: 'Finished a region and 50/60 Hz switch mod on a PAL model 1. Two switches on the back, no cut traces. Sonic at full speed finally! The green rows are the jumpers I lifted.',
    comments: [
      {
        by: 'bitbruno',
        text: "This is the mod every European player needs. PAL Sonic is 17% slower, it's painful.",
        likes: 3,
      },
    ],
  },
  {
    by: 'chipmaru',
    topic: 'megadrive',
    hoursAgo: 220,
    likes: 4,
    text: 'The YM2612 gets a bad rap because of a few shrill soundtracks. In the right hands it is a monster: six FM channels, one of them can play samples. Thunder Force IV and Streets of Rage 2 are the proof.',
  },
  {
    by: 'cartridgecarl',
    topic: 'megadrive',
    hoursAgo: 500,
    likes: 3,
    text: 'Hot take: the Japanese and European Mega Drive boxes beat the American Genesis ones. The grid design, the art taking the whole cover, the red top edge. Fight me in the comments.',
    comments: [{ by: 'neonnina', text: 'No fight needed, you are right.', likes: 2 }],
  },
  {
    by: 'joypadjae',
    topic: 'snes',
    hoursAgo: 6,
    likes: 4,
    text: 'Is Chrono Trigger worth a first play in 2026 if I have never played a JRPG? Everyone says it is the best one, but I am scared of grinding.',
    comments: [
      {
        by: 'pixelpat',
        text: 'Yes. It respects your time. Almost no grinding if you fight what you meet.',
        likes: 4,
      },
      {
        by: 'famifumi',
        text: 'Perfect first JRPG. Short, beautiful, and the music is the best on the system.',
        likes: 3,
        replies: [{ by: 'joypadjae', text: 'Okay, you convinced me. Starting tonight!' }],
      },
    ],
  },
  {
    by: 'famifumi',
    topic: 'snes',
    hoursAgo: 170,
    images: [{ kind: 'shelf', count: 4 }],
    color: 'violet',
    likes: 4,
    text: 'The Super Famicom shell is so much prettier than the purple-and-grey American SNES. Coloured buttons, rounded corners, and the carts stand up nicely on a shelf.',
  },
  {
    by: 'pixelpat',
    topic: 'snes',
    hoursAgo: 260,
    color: 'slate',
    likes: 8,
    shares: 3,
    text: `Super Metroid is still the best-feeling game on the SNES, and I say that after 20 years of speedrunning it.

The controls are heavy at first, but once you learn the wall jump, the shinespark and the mockball, Samus moves like nothing else from that era. The map teaches you without a single line of text. The atmosphere of Maridia, the silence of the Wrecked Ship. And the ending with the baby is still one of the best moments in games.

If you have never played it: play it blind. Don't look anything up.`,
    comments: [
      {
        by: 'glitchgwen',
        text: "And it's full of glitches if you want to go deeper. Forever my favourite game to break.",
        likes: 3,
      },
      { by: 'bitbruno', text: "I'm learning the any% route right now. Mockball is so hard!", likes: 1 },
    ],
  },
  {
    by: 'bitbruno',
    topic: 'snes',
    hoursAgo: 65,
    likes: 3,
    text: 'Hidden gem of the week: Pocky & Rocky. A co-op shooter with gorgeous sprites, and much harder than it looks. My brother and I never got past the third stage. Who else played it?',
    comments: [{ by: 'famifumi', text: 'KiKi KaiKai in Japan! The sequel is even better.', likes: 2 }],
  },
  {
    by: 'retrorosa',
    topic: 'gameboy',
    hoursAgo: 90,
    images: [{ kind: 'palette', palette: 'gameboy' }],
    likes: 5,
    text: 'The four greens of the original Game Boy. Every single DMG game is drawn with these. It still amazes me how much atmosphere people squeezed out of four shades.',
  },
  {
    by: 'spritesam',
    topic: 'gameboy',
    hoursAgo: 230,
    likes: 3,
    text: 'Drawing in four shades is harder than drawing in sixteen. Every shade has to do two jobs: outline and shadow, or highlight and background. Any tips from people who have made GB art?',
    comments: [
      {
        by: 'chipmaru',
        text: 'Keep the lightest shade mostly for backgrounds, then sprites pop. And use dithering sparingly, it flickers on the real screen.',
        likes: 3,
      },
    ],
  },
  {
    by: 'joypadjae',
    topic: 'gameboy',
    hoursAgo: 50,
    images: [{ kind: 'board' }],
    likes: 4,
    text: "Found my original Game Boy in my parents' attic! It turns on, but the sound is very quiet and crackles. Here is the board, there is some brown stuff near one of the capacitors. Can it be saved?",
    comments: [
      {
        by: 'cartridgecarl',
        text: 'That brown stuff is leaked electrolyte. Clean it with isopropyl, replace the caps and check the volume wheel. Very fixable.',
        likes: 3,
        replies: [
          { by: 'joypadjae', text: 'Thank you! Is a cheap soldering iron okay for this?' },
          {
            by: 'modchipmo',
            text: 'A cheap one with a fine tip is fine. Practise on an old board first.',
            likes: 2,
          },
        ],
      },
    ],
  },
  {
    by: 'newbienoor',
    topic: 'gameboy',
    hoursAgo: 1,
    likes: 1,
    text: "What's the difference between the Game Boy Pocket and the Game Boy Color? They look almost the same in photos.",
    comments: [
      {
        by: 'retrorosa',
        text: 'The Pocket is a smaller original Game Boy with a sharper black-and-white screen. The Color plays colour games and has a faster processor. Both play your Tetris!',
        likes: 2,
      },
    ],
  },
];
