/** pt-BR: the product's own texts (see ./index.ts), by their English. */
export const ptBR: Readonly<Record<string, string>> = {
  'Retro talk': 'Papo retrô',
  Consoles: 'Consoles',
  Homebrew: 'Homebrew',
  Speedruns: 'Speedruns',
  Marketplace: 'Mercado',
  'Welcome to Pixelhall': 'Boas-vindas ao Pixelhall',
  'New homebrew: Skycycle for the NES': 'Novo homebrew: Skycycle para NES',
  'Race night this Saturday': 'Noite de corrida neste sábado',
  'Sonic 1 any%, three heats and a beginners bracket. Sign up in the Race night topic!':
    'Sonic 1 any%, três baterias e uma chave para iniciantes. Inscreva-se no tópico Race night!',
  'Mega Man 2 buster-only race: Pixel Pat vs Fami Fumi':
    'Corrida de Mega Man 2 só com o buster: Pixel Pat x Fami Fumi',
  'Normal difficulty, no weapons but the Mega Buster, best of one. Streamed from the Race night topic.':
    'Dificuldade normal, nenhuma arma além do Mega Buster, partida única. Transmitida no tópico Race night.',
  'Tetris classic showdown: Neon Nina vs Cartridge Carl':
    'Duelo de Tetris clássico: Neon Nina x Cartridge Carl',
  'NES Tetris, level 18 start, three games. The higher total score takes it.':
    'Tetris de NES, começando no nível 18, três partidas. Vence a maior pontuação total.',
  'Retro Cup semi-final: Team Famicom vs Team Mega Drive':
    'Semifinal da Retro Cup: Team Famicom x Team Mega Drive',
  'Five games picked by the audience, one point each. A draw if it ends level after the fifth game.':
    'Cinco jogos escolhidos pelo público, um ponto cada. Empate se terminar igual após o quinto jogo.',
  Draw: 'Empate',
  'Race night final: Sonic 1 any%': 'Final da noite de corrida: Sonic 1 any%',
  'The two fastest from the heats race the final live. Betting closes when the runners are on the start line.':
    'Os dois mais rápidos das baterias correm a final ao vivo. As apostas fecham quando os corredores estão na linha de largada.',
  'Homebrew heroes': 'Heróis do homebrew',
  'Made by Pixelhall: playable right here, saves included.':
    'Feitos pelo Pixelhall: jogue aqui mesmo, com saves.',
  'Pocket classics': 'Clássicos de bolso',
  'Four shades of green, endless afternoons.': 'Quatro tons de verde, tardes sem fim.',
  'Sixteen-bit speed': 'Velocidade de 16 bits',
  'Mega Drive racers and shooters.': 'Corrida e tiro no Mega Drive.',
  'Puzzle nights': 'Noites de quebra-cabeça',
  'Quiet games for late evenings.': 'Jogos tranquilos para o fim da noite.',
};
