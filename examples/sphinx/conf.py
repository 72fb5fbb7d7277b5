# A Sphinx site with the furo theme (Debian's python3-sphinx and furo): the widgets' classic script is a static file
# added to every page. `npm run build` (prepare-static.mjs) copies it from node_modules/@echomq/branded-widgets/dist/
# into _static/ first.
import shutil
from pathlib import Path

project = 'Branded widgets in Sphinx'
html_theme = 'furo'
html_title = 'Branded widgets in Sphinx'
html_favicon = 'favicon.svg'
html_static_path = ['_static']
html_js_files = ['branded-widgets.classic.js']
exclude_patterns = ['_build', '_static', 'node_modules', 'vendor']

# Debian's furo (2022.12.07+dfsg) imports normalize.css from /javascript/ (the javascript-common alias of
# /usr/share/javascript); a site served anywhere else carries it itself. (Its script: prepare-static.mjs.)
NORMALIZE = Path('/usr/share/javascript/normalize.css/normalize.css')


def copy_normalize(app, exception):
    if exception is None and NORMALIZE.exists():
        target = Path(app.outdir) / 'javascript' / 'normalize.css'
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy(NORMALIZE, target / 'normalize.css')


def setup(app):
    app.connect('build-finished', copy_normalize)
