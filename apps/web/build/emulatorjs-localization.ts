/**
 * EmulatorJS's menu and pad labels in the app's languages. Its own translation files leave some
 * labels the player sees in English (the pad's Fast and Slow in Japanese, menu entries added after
 * a file was written), and its Korean file is not valid JSON (a missing comma), so EmulatorJS
 * would show Korean players English. The build writes one file per app language: EmulatorJS's,
 * read leniently, with the labels below wherever it has none of its own.
 */

/** The app's languages other than English → EmulatorJS's translation file they start from. */
export const EJS_SOURCE_FILES = {
  'es-ES': 'es-ES.json',
  'ja-JP': 'ja-JA.json',
  'ko-KR': 'ko-KO.json',
  'pt-BR': 'pt-BR.json',
  'pt-PT': 'pt-BR.json',
} as const;
export type EjsLocale = keyof typeof EJS_SOURCE_FILES;

/** The labels EmulatorJS's files leave untranslated in some language, in every app language. */
export const EJS_LABELS: Record<EjsLocale, Record<string, string>> = {
  'es-ES': {
    Fast: 'Rápido',
    Slow: 'Lento',
    'Context Menu': 'Menú contextual',
    'Click to resume Emulator': 'Toca para reanudar el emulador',
    'Drop save state here to load': 'Suelta aquí un estado guardado para cargarlo',
    'Outdated graphics driver': 'Controlador gráfico desactualizado',
    'Start Screen Recording': 'Empezar a grabar la pantalla',
    'Stop Screen Recording': 'Dejar de grabar la pantalla',
    'This project is powered by': 'Este proyecto funciona con',
    'View the RetroArch license here': 'Ver aquí la licencia de RetroArch',
    'Note that some cheats require a restart to disable':
      'Algunos trucos necesitan reiniciar para desactivarse',
    Disks: 'Discos',
    'Exit EmulatorJS': 'Salir de EmulatorJS',
    'up arrow': 'flecha arriba',
    'down arrow': 'flecha abajo',
    'left arrow': 'flecha izquierda',
    'right arrow': 'flecha derecha',
    'Mix frames': 'Mezclar fotogramas',
    Bicubic: 'Bicúbico',
    'Requires restart': 'Requiere reiniciar',
    'Video Rotation': 'Rotación de vídeo',
    'Rewind Enabled (Requires restart)': 'Rebobinado activado (requiere reiniciar)',
    'System Save interval': 'Intervalo de guardado del sistema',
    'Menu Bar Button': 'Botón de la barra de menú',
    visible: 'visible',
    hidden: 'oculto',
  },
  'ja-JP': {
    Fast: '早送り',
    Slow: 'スロー',
    'Context Menu': 'コンテキストメニュー',
    'Click to resume Emulator': 'タップしてエミュレーターを再開',
    'Drop save state here to load': 'ステートセーブをここにドロップして読み込み',
    'Outdated graphics driver': 'グラフィックドライバーが古くなっています',
    'Start Screen Recording': '画面録画を開始',
    'Stop Screen Recording': '画面録画を停止',
    'This project is powered by': 'このプロジェクトを支える技術：',
    'View the RetroArch license here': 'RetroArchのライセンスはこちら',
    'Note that some cheats require a restart to disable': '一部のチートは無効にするのに再起動が必要です',
    Disks: 'ディスク',
    'Exit EmulatorJS': 'EmulatorJSを終了',
    'up arrow': '上矢印',
    'down arrow': '下矢印',
    'left arrow': '左矢印',
    'right arrow': '右矢印',
    'Mix frames': 'フレームを合成',
    Bicubic: 'バイキュービック',
    'Requires restart': '再起動が必要',
    'Video Rotation': '画面の回転',
    'Rewind Enabled (Requires restart)': '巻き戻しを有効化（再起動が必要）',
    'System Save interval': 'システムセーブの間隔',
    'Menu Bar Button': 'メニューバーのボタン',
    visible: '表示',
    hidden: '非表示',
  },
  'ko-KR': {
    Fast: '빠름',
    Slow: '느림',
    'Context Menu': '컨텍스트 메뉴',
    'Click to resume Emulator': '눌러서 에뮬레이터 계속하기',
    'Drop save state here to load': '불러올 상태 저장 파일을 여기에 놓으세요',
    'Outdated graphics driver': '오래된 그래픽 드라이버',
    'Start Screen Recording': '화면 녹화 시작',
    'Stop Screen Recording': '화면 녹화 중지',
    'This project is powered by': '이 프로젝트를 움직이는 기술:',
    'View the RetroArch license here': 'RetroArch 라이선스 보기',
    'Note that some cheats require a restart to disable': '일부 치트는 끄려면 다시 시작해야 합니다',
    Disks: '디스크',
    'Exit EmulatorJS': 'EmulatorJS 종료',
    'up arrow': '위쪽 화살표',
    'down arrow': '아래쪽 화살표',
    'left arrow': '왼쪽 화살표',
    'right arrow': '오른쪽 화살표',
    'Mix frames': '프레임 혼합',
    Bicubic: '바이큐빅',
    'Requires restart': '다시 시작 필요',
    'Video Rotation': '화면 회전',
    'Rewind Enabled (Requires restart)': '되감기 사용(다시 시작 필요)',
    'System Save interval': '시스템 저장 간격',
    'Menu Bar Button': '메뉴 바 버튼',
    visible: '표시',
    hidden: '숨김',
  },
  'pt-BR': {
    Fast: 'Rápido',
    Slow: 'Lento',
    'Context Menu': 'Menu de contexto',
    'Click to resume Emulator': 'Toque para retomar o emulador',
    'Drop save state here to load': 'Solte aqui um estado salvo para carregá-lo',
    'Outdated graphics driver': 'Driver gráfico desatualizado',
    'Start Screen Recording': 'Iniciar gravação de tela',
    'Stop Screen Recording': 'Parar gravação de tela',
    'This project is powered by': 'Este projeto usa',
    'View the RetroArch license here': 'Ver a licença do RetroArch',
    'Note that some cheats require a restart to disable': 'Alguns cheats precisam de reinício para desativar',
    Disks: 'Discos',
    'Exit EmulatorJS': 'Sair do EmulatorJS',
    'up arrow': 'seta para cima',
    'down arrow': 'seta para baixo',
    'left arrow': 'seta para a esquerda',
    'right arrow': 'seta para a direita',
    'Mix frames': 'Misturar quadros',
    Bicubic: 'Bicúbico',
    'Requires restart': 'Requer reinício',
    'Video Rotation': 'Rotação do vídeo',
    'Rewind Enabled (Requires restart)': 'Retroceder ativado (requer reinício)',
    'System Save interval': 'Intervalo de salvamento do sistema',
    'Menu Bar Button': 'Botão da barra de menu',
    visible: 'visível',
    hidden: 'oculto',
  },
  'pt-PT': {
    Fast: 'Rápido',
    Slow: 'Lento',
    'Context Menu': 'Menu de contexto',
    'Click to resume Emulator': 'Toque para retomar o emulador',
    'Drop save state here to load': 'Largue aqui um estado gravado para o carregar',
    'Outdated graphics driver': 'Controlador gráfico desatualizado',
    'Start Screen Recording': 'Iniciar gravação do ecrã',
    'Stop Screen Recording': 'Parar gravação do ecrã',
    'This project is powered by': 'Este projeto usa',
    'View the RetroArch license here': 'Ver a licença do RetroArch',
    'Note that some cheats require a restart to disable':
      'Alguns truques precisam de reinício para desativar',
    Disks: 'Discos',
    'Exit EmulatorJS': 'Sair do EmulatorJS',
    'up arrow': 'seta para cima',
    'down arrow': 'seta para baixo',
    'left arrow': 'seta para a esquerda',
    'right arrow': 'seta para a direita',
    'Mix frames': 'Misturar fotogramas',
    Bicubic: 'Bicúbico',
    'Requires restart': 'Requer reinício',
    'Video Rotation': 'Rotação do vídeo',
    'Rewind Enabled (Requires restart)': 'Retroceder ativado (requer reinício)',
    'System Save interval': 'Intervalo de gravação do sistema',
    'Menu Bar Button': 'Botão da barra de menu',
    visible: 'visível',
    hidden: 'oculto',
  },
};

/** EmulatorJS's JSON, forgiving the one slip its files have: a missing comma between entries. */
export function parseEjsTranslations(text: string): Record<string, string> {
  return JSON.parse(text.replace(/"(\s*\n\s*)"/g, '",$1"')) as Record<string, string>;
}

/**
 * A language's labels: EmulatorJS's own translation where it has one (a value other than the
 * English), else ours. pt-PT starts from the Brazilian file and takes its own words on top.
 */
export function emulatorTranslations(
  locale: EjsLocale,
  source: Record<string, string>,
): Record<string, string> {
  const merged = { ...source };
  for (const [english, label] of Object.entries(EJS_LABELS[locale])) {
    const own = merged[english];
    if (locale === 'pt-PT' || own === undefined || own === english) merged[english] = label;
  }
  return merged;
}
