#!/usr/bin/env bash
# Install the system packages the app and its tests need, only if missing:
# Pango for WeasyPrint, fonts with card suits and many scripts (the printed sheet
# draws every player's name: Latin, Greek and Cyrillic from DejaVu; Georgian,
# Arabic, Hebrew and the rest from Noto; Chinese, Japanese and Korean from Noto CJK;
# emoji from Noto Color Emoji); with --runtime, npm and Node.js (make fetches Pyodide, the
# phone's copy of the rules, from the npm registry, and compiles the phone's Python with it);
# with --browser, Debian's Chromium, NSS tools and poppler for the browser tests.
# Uses apt; does nothing when all is present.
set -euo pipefail
want=()
have_lib() { ldconfig -p 2>/dev/null | grep -q "$1"; }
have_lib 'libpango-1.0.so' || want+=(libpango-1.0-0)
have_lib 'libpangoft2-1.0.so' || want+=(libpangoft2-1.0-0)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || want+=(fonts-dejavu-core)
# Each font package is known by a file of its own (the emoji font shares Noto's folder).
noto=/usr/share/fonts/truetype/noto
[ -e $noto/NotoSansGeorgian-Regular.ttf ] || want+=(fonts-noto-core)
[ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || want+=(fonts-noto-cjk)
[ -e $noto/NotoColorEmoji.ttf ] || want+=(fonts-noto-color-emoji)
runtime=no browser=no
for option in "$@"; do
    case "$option" in
        --runtime) runtime=yes ;;
        --browser) browser=yes ;;
        *) echo "system-deps.sh: unknown option $option" >&2; exit 2 ;;
    esac
done
if [ $runtime = yes ]; then
    command -v npm >/dev/null 2>&1 || want+=(npm)
    command -v node >/dev/null 2>&1 || want+=(nodejs)
fi
if [ $browser = yes ]; then
    [ -x /usr/bin/chromium ] || want+=(chromium)
    # certutil: the browser tests trust the server's own certificate authority in
    # Chromium's certificate store, as a family's phone would after /trust.
    command -v certutil >/dev/null || want+=(libnss3-tools)
fi
# pdftoppm: the tests draw a printed sheet as a phone's camera sees it, to read its QR code
# back; pdftotext and pdffonts: a test reads a Georgian PDF sheet back as a reader would.
command -v pdftoppm >/dev/null || want+=(poppler-utils)
python3 -c 'import venv, ensurepip' 2>/dev/null || want+=(python3-venv)
[ ${#want[@]} -eq 0 ] && exit 0
echo "Installing system packages: ${want[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null
