/** ko-KR: the product's own texts (see ./index.ts), by their English. */
export const koKR: Readonly<Record<string, string>> = {
  'Retro talk': '레트로 토크',
  Consoles: '콘솔',
  Homebrew: '홈브루',
  Speedruns: '스피드런',
  Marketplace: '장터',
  'Welcome to Pixelhall': 'Pixelhall에 오신 것을 환영합니다',
  'New homebrew: Skycycle for the NES': '새 홈브루: NES용 Skycycle',
  'Race night this Saturday': '이번 토요일은 레이스 나이트',
  'Sonic 1 any%, three heats and a beginners bracket. Sign up in the Race night topic!':
    '소닉 1 any%, 예선 세 번과 초보자 대진. Race night 토픽에서 신청하세요!',
  'Mega Man 2 buster-only race: Pixel Pat vs Fami Fumi': '록맨 2 버스터 한정 레이스: Pixel Pat 대 Fami Fumi',
  'Normal difficulty, no weapons but the Mega Buster, best of one. Streamed from the Race night topic.':
    '보통 난이도, 록 버스터 외 무기 금지, 단판 승부. Race night 토픽에서 중계합니다.',
  'Tetris classic showdown: Neon Nina vs Cartridge Carl': '클래식 테트리스 대결: Neon Nina 대 Cartridge Carl',
  'NES Tetris, level 18 start, three games. The higher total score takes it.':
    'NES 테트리스, 레벨 18 시작, 세 게임. 총점이 높은 쪽이 승리합니다.',
  'Retro Cup semi-final: Team Famicom vs Team Mega Drive':
    'Retro Cup 준결승: Team Famicom 대 Team Mega Drive',
  'Five games picked by the audience, one point each. A draw if it ends level after the fifth game.':
    '관객이 고른 다섯 게임, 게임당 1점. 다섯 번째 게임 후 동점이면 무승부.',
  Draw: '무승부',
  'Race night final: Sonic 1 any%': '레이스 나이트 결승: 소닉 1 any%',
  'The two fastest from the heats race the final live. Betting closes when the runners are on the start line.':
    '예선에서 가장 빠른 두 명이 결승을 생중계로 달립니다. 주자가 출발선에 서면 베팅이 마감됩니다.',
  'Homebrew heroes': '홈브루 히어로즈',
  'Made by Pixelhall: playable right here, saves included.':
    'Pixelhall이 만든 게임: 바로 여기서 플레이하고 저장도 됩니다.',
  'Pocket classics': '포켓 클래식',
  'Four shades of green, endless afternoons.': '네 가지 초록빛, 끝없는 오후.',
  'Sixteen-bit speed': '16비트 스피드',
  'Mega Drive racers and shooters.': '메가 드라이브 레이싱과 슈팅 게임.',
  'Puzzle nights': '퍼즐의 밤',
  'Quiet games for late evenings.': '늦은 저녁을 위한 조용한 게임.',
};
