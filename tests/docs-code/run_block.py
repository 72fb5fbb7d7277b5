"""Runs one Python or SQL block of the docs site as a reader would and checks what it shows.

python3 run_block.py python|sql BLOCK_FILE RESULTS_FILE [IDS_FILE]

With IDS_FILE (a JSON list of ids), the block's decoder also decodes each id and the results are written too:
Python's `decode(id)`, SQL's view `decoded` over the table `ids` (refilled with the ids; each row names its `id`).

A `# → shown` (Python) or `-- → shown` (SQL) comment after a top-level statement, continued by comment lines
indented past the marker, is compared with what the statement printed or, when it printed nothing, with its
value: `repr()` in Python; in SQL the rows as the sqlite3 shell lists them (columns joined by `|`, one row a
line). `# → raises Name: message` shows a Python statement that raises. Output outside a shown statement is
stray. SQL runs in an in-memory database through Python's sqlite3 (the library the sqlite3 shell uses).
"""
import ast
import contextlib
import io
import json
import sqlite3
import sys
import tokenize


def arrow_comments(comments, lines, marker):
    """[(text, line, end_line, own_line)] from [(line, text-after-marker)]."""
    found = []
    i = 0
    while i < len(comments):
        line, value = comments[i]
        body = value.strip()
        if not body.startswith('→'):
            i += 1
            continue
        text, end = body[1:].strip(), line
        j = i + 1
        while j < len(comments):
            nline, nvalue = comments[j]
            own = lines[nline - 1].lstrip().startswith(marker)
            if nline != end + 1 or not own or not nvalue[:2].isspace() or nvalue.strip().startswith('→'):
                break
            text += ' ' + nvalue.strip()
            end = nline
            j += 1
        found.append((text, line, end, lines[line - 1].lstrip().startswith(marker)))
        i = j
    return found


def python_comments(code):
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    return [(t.start[0], t.string[1:]) for t in tokens if t.type == tokenize.COMMENT]


def run_python(code, checks):
    lines = code.split('\n')
    tree = ast.parse(code)
    arrows = arrow_comments(python_comments(code), lines, '#')
    shown_at = {}
    for text, line, _end, own in arrows:
        target = [s for s in tree.body if (s.end_lineno in (line - 1, line) if own else s.end_lineno == line)]
        if not target:
            raise SystemExit(f'line {line}: `# →` follows no top-level statement')
        shown_at[id(target[-1])] = (text, line)
    scope = {'__name__': '__main__'}
    stray = io.StringIO()
    for statement in tree.body:
        shown = shown_at.get(id(statement))
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed if shown else stray):
            try:
                if isinstance(statement, ast.Expr):
                    value = eval(compile(ast.Expression(statement.value), '<block>', 'eval'), scope)
                    actual = repr(value)
                else:
                    exec(compile(ast.Module([statement], []), '<block>', 'exec'), scope)
                    actual = ''
            except Exception as error:  # a shown raise is compared; an unshown one fails below
                if not shown:
                    raise
                actual = f'raises {type(error).__name__}: {error}'
        if shown:
            out = printed.getvalue()
            checks.append({'shown': shown[0], 'line': shown[1], 'actual': out.rstrip('\n') if out else actual})
    return scope, stray.getvalue()


def sql_statements(code):
    """[(sql, first_line, last_line)]: statements split where sqlite3 says one is complete."""
    statements, current, first = [], [], None
    for number, line in enumerate(code.split('\n'), 1):
        if not current and (line.strip() == '' or line.strip().startswith('--')):
            continue
        if not current:
            first = number
        current.append(line)
        if sqlite3.complete_statement('\n'.join(current)):
            statements.append(('\n'.join(current), first, number))
            current = []
    if current:
        raise SystemExit(f'line {first}: an SQL statement without its closing semicolon')
    return statements


def sql_rows(cursor):
    return '\n'.join('|'.join('' if v is None else str(v) for v in row) for row in cursor.fetchall())


def run_sql(code, checks, db):
    lines = code.split('\n')
    comments = [(n, l.split('--', 1)[1]) for n, l in enumerate(lines, 1) if '--' in l]
    arrows = {}
    statements = sql_statements(code)
    for text, line, _end, own in arrow_comments(comments, lines, '--'):
        target = [s for s in statements if (s[2] in (line - 1, line) if own else s[2] == line)]
        if not target:
            raise SystemExit(f'line {line}: `-- →` follows no statement')
        arrows[target[-1][1]] = (text, line)
    stray = ''
    for sql, first, _last in statements:
        rows = sql_rows(db.execute(sql))
        if first in arrows:
            checks.append({'shown': arrows[first][0], 'line': arrows[first][1], 'actual': rows})
        else:
            stray += rows
    return stray


def main():
    kind, block_file, results_file = sys.argv[1:4]
    code = open(block_file, encoding='utf-8').read()
    ids = json.load(open(sys.argv[4], encoding='utf-8')) if len(sys.argv) > 4 else None
    checks, decoded = [], None
    if kind == 'python':
        scope, stray = run_python(code, checks)
        if ids is not None:
            decoded = [texts(scope['decode'](i)) for i in ids]
    else:
        db = sqlite3.connect(':memory:')
        stray = run_sql(code, checks, db)
        if ids is not None:
            db.execute('DELETE FROM ids')
            db.executemany('INSERT INTO ids (id) VALUES (?)', [(i,) for i in ids])
            cursor = db.execute('SELECT * FROM decoded')
            names = [c[0] for c in cursor.description]
            by_id = {row[names.index('id')]: texts(dict(zip(names, row))) for row in cursor.fetchall()}
            decoded = [by_id.get(i) for i in ids]
    with open(results_file, 'w', encoding='utf-8') as out:
        json.dump({'checks': checks, 'stray': stray, 'decoded': decoded}, out)


def texts(fields):
    """A decode's fields with every number as its decimal text (a Snowflake does not fit a JSON double)."""
    return {k: v if isinstance(v, str) or v is None else str(v) for k, v in fields.items()}


if __name__ == '__main__':
    main()
