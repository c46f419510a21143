/** pt-PT: the product's own texts (see ./index.ts), by their English. */
export const ptPT: Readonly<Record<string, string>> = {
  'Retro talk': 'Conversa retro',
  Consoles: 'Consolas',
  Homebrew: 'Homebrew',
  Speedruns: 'Speedruns',
  Marketplace: 'Mercado',
  'Welcome to Pixelhall': 'Bem-vindo ao Pixelhall',
  'New homebrew: Skycycle for the NES': 'Novo homebrew: Skycycle para a NES',
  'Race night this Saturday': 'Noite de corridas este sábado',
  'Sonic 1 any%, three heats and a beginners bracket. Sign up in the Race night topic!':
    'Sonic 1 any%, três eliminatórias e um quadro para principiantes. Inscreve-te no tópico Race night!',
  'Mega Man 2 buster-only race: Pixel Pat vs Fami Fumi':
    'Corrida de Mega Man 2 só com o buster: Pixel Pat contra Fami Fumi',
  'Normal difficulty, no weapons but the Mega Buster, best of one. Streamed from the Race night topic.':
    'Dificuldade normal, nenhuma arma além do Mega Buster, partida única. Transmitida a partir do tópico Race night.',
  'Tetris classic showdown: Neon Nina vs Cartridge Carl':
    'Duelo de Tetris clássico: Neon Nina contra Cartridge Carl',
  'NES Tetris, level 18 start, three games. The higher total score takes it.':
    'Tetris da NES, a começar no nível 18, três jogos. Ganha a pontuação total mais alta.',
  'Retro Cup semi-final: Team Famicom vs Team Mega Drive':
    'Meia-final da Retro Cup: Team Famicom contra Team Mega Drive',
  'Five games picked by the audience, one point each. A draw if it ends level after the fifth game.':
    'Cinco jogos escolhidos pelo público, um ponto cada. Empate se terminar igualado após o quinto jogo.',
  Draw: 'Empate',
  'Race night final: Sonic 1 any%': 'Final da noite de corridas: Sonic 1 any%',
  'The two fastest from the heats race the final live. Betting closes when the runners are on the start line.':
    'Os dois mais rápidos das eliminatórias correm a final em direto. As apostas fecham quando os corredores estão na linha de partida.',
  'Homebrew heroes': 'Heróis do homebrew',
  'Made by Pixelhall: playable right here, saves included.':
    'Feitos pelo Pixelhall: joga aqui mesmo, com gravações.',
  'Pocket classics': 'Clássicos de bolso',
  'Four shades of green, endless afternoons.': 'Quatro tons de verde, tardes sem fim.',
  'Sixteen-bit speed': 'Velocidade de 16 bits',
  'Mega Drive racers and shooters.': 'Corridas e tiros na Mega Drive.',
  'Puzzle nights': 'Noites de puzzles',
  'Quiet games for late evenings.': 'Jogos calmos para o serão.',
};
