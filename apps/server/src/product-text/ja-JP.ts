/** ja-JP: the product's own texts (see ./index.ts), by their English. */
export const jaJP: Readonly<Record<string, string>> = {
  'Retro talk': 'レトロ談義',
  Consoles: 'ゲーム機',
  Homebrew: '自作ゲーム',
  Speedruns: 'スピードラン',
  Marketplace: 'フリマ',
  'Welcome to Pixelhall': 'Pixelhallへようこそ',
  'New homebrew: Skycycle for the NES': '新作自作ゲーム：NES版『Skycycle』',
  'Race night this Saturday': '今週土曜はレースナイト',
  'Sonic 1 any%, three heats and a beginners bracket. Sign up in the Race night topic!':
    'ソニック1 any%、予選3回と初心者ブラケット。Race nightトピックでエントリーしよう！',
  'Mega Man 2 buster-only race: Pixel Pat vs Fami Fumi':
    'ロックマン2 バスター縛りレース：Pixel Pat 対 Fami Fumi',
  'Normal difficulty, no weapons but the Mega Buster, best of one. Streamed from the Race night topic.':
    '難易度ノーマル、ロックバスター以外の武器なし、一本勝負。Race nightトピックから配信。',
  'Tetris classic showdown: Neon Nina vs Cartridge Carl':
    'クラシックテトリス対決：Neon Nina 対 Cartridge Carl',
  'NES Tetris, level 18 start, three games. The higher total score takes it.':
    'NES版テトリス、レベル18スタート、3ゲーム。合計スコアが高いほうの勝ち。',
  'Retro Cup semi-final: Team Famicom vs Team Mega Drive': 'Retro Cup準決勝：Team Famicom 対 Team Mega Drive',
  'Five games picked by the audience, one point each. A draw if it ends level after the fifth game.':
    '観客が選んだ5本のゲームで各1ポイント。5本目を終えて同点なら引き分け。',
  Draw: '引き分け',
  'Race night final: Sonic 1 any%': 'レースナイト決勝：ソニック1 any%',
  'The two fastest from the heats race the final live. Betting closes when the runners are on the start line.':
    '予選上位2名が決勝をライブで走ります。走者がスタートラインに立った時点でベットは締め切り。',
  'Homebrew heroes': '自作ゲームの星たち',
  'Made by Pixelhall: playable right here, saves included.':
    'Pixelhall製：ここですぐ遊べて、セーブもできます。',
  'Pocket classics': 'ポケットの名作',
  'Four shades of green, endless afternoons.': '4階調の緑、終わらない午後。',
  'Sixteen-bit speed': '16ビットのスピード',
  'Mega Drive racers and shooters.': 'メガドライブのレースとシューティング。',
  'Puzzle nights': 'パズルの夜',
  'Quiet games for late evenings.': '夜更けに遊ぶ静かなゲーム。',
};
