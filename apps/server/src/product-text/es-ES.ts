/** es-ES: the product's own texts (see ./index.ts), by their English. */
export const esES: Readonly<Record<string, string>> = {
  'Retro talk': 'Charla retro',
  Consoles: 'Consolas',
  Homebrew: 'Homebrew',
  Speedruns: 'Speedruns',
  Marketplace: 'Mercadillo',
  'Welcome to Pixelhall': 'Te damos la bienvenida a Pixelhall',
  'New homebrew: Skycycle for the NES': 'Nuevo homebrew: Skycycle para NES',
  'Race night this Saturday': 'Noche de carreras este sábado',
  'Sonic 1 any%, three heats and a beginners bracket. Sign up in the Race night topic!':
    'Sonic 1 any%, tres mangas y un cuadro para principiantes. ¡Apúntate en el tema Race night!',
  'Mega Man 2 buster-only race: Pixel Pat vs Fami Fumi':
    'Carrera de Mega Man 2 solo con el buster: Pixel Pat contra Fami Fumi',
  'Normal difficulty, no weapons but the Mega Buster, best of one. Streamed from the Race night topic.':
    'Dificultad normal, sin más arma que el Mega Buster, a una sola partida. Se emite desde el tema Race night.',
  'Tetris classic showdown: Neon Nina vs Cartridge Carl':
    'Duelo de Tetris clásico: Neon Nina contra Cartridge Carl',
  'NES Tetris, level 18 start, three games. The higher total score takes it.':
    'Tetris de NES, empezando en el nivel 18, tres partidas. Gana la mayor puntuación total.',
  'Retro Cup semi-final: Team Famicom vs Team Mega Drive':
    'Semifinal de la Retro Cup: Team Famicom contra Team Mega Drive',
  'Five games picked by the audience, one point each. A draw if it ends level after the fifth game.':
    'Cinco juegos elegidos por el público, un punto cada uno. Empate si siguen igualados tras el quinto.',
  Draw: 'Empate',
  'Race night final: Sonic 1 any%': 'Final de la noche de carreras: Sonic 1 any%',
  'The two fastest from the heats race the final live. Betting closes when the runners are on the start line.':
    'Los dos más rápidos de las mangas corren la final en directo. Las apuestas se cierran cuando los corredores están en la línea de salida.',
  'Homebrew heroes': 'Héroes del homebrew',
  'Made by Pixelhall: playable right here, saves included.':
    'Hechos por Pixelhall: se juegan aquí mismo, con partidas guardadas.',
  'Pocket classics': 'Clásicos de bolsillo',
  'Four shades of green, endless afternoons.': 'Cuatro tonos de verde, tardes sin fin.',
  'Sixteen-bit speed': 'Velocidad de 16 bits',
  'Mega Drive racers and shooters.': 'Carreras y shooters de Mega Drive.',
  'Puzzle nights': 'Noches de puzles',
  'Quiet games for late evenings.': 'Juegos tranquilos para la noche.',
};
