// A JavaScript block made runnable as the reader runs it (an ES module under Node) and able to check what it
// shows: a `// → shown` comment after a top-level statement (on its line, or on the lines just after it,
// continued by comment lines indented past `//`) is compared with what the statement printed or, when it
// printed nothing, with its value as Node's REPL writes it (`util.inspect`). `// → throws Name: message`
// shows a statement that throws. Anything printed outside such a statement is a failure: it is not shown.
import { parse } from 'acorn';

const SHOW_MODULE = new URL('./js-show.js', import.meta.url).href;

/** Arrow comments of `code`, each { text, line, endLine } (the first line and the last continuation line). */
export function arrowComments(comments, lines, marker = '//') {
  const found = [];
  for (let i = 0; i < comments.length; i++) {
    const comment = comments[i];
    const body = comment.value.trim();
    if (!body.startsWith('→')) continue;
    let text = body.slice(1).trim();
    let endLine = comment.line;
    for (let j = i + 1; j < comments.length; j++) {
      const next = comments[j];
      const raw = lines[next.line - 1];
      const ownLine = raw.trimStart().startsWith(marker);
      if (next.line !== endLine + 1 || !ownLine || !/^\s{2,}\S/.test(next.value) || next.value.trim().startsWith('→'))
        break;
      text += ` ${next.value.trim()}`;
      endLine = next.line;
      i = j;
    }
    found.push({ text, line: comment.line, endLine, ownLine: lines[comment.line - 1].trimStart().startsWith(marker) });
  }
  return found;
}

/** The block's source with its checks woven in; throws a SyntaxError, or an Error naming a misplaced arrow. */
export function instrument(code, { decoder = false } = {}) {
  const comments = [];
  const program = parse(code, {
    ecmaVersion: 'latest',
    sourceType: 'module',
    locations: true,
    onComment: (block, value, start, end, startLoc) => {
      if (!block) comments.push({ value, line: startLoc.line });
    },
  });
  const lines = code.split('\n');
  const arrows = arrowComments(comments, lines);
  const edits = [];
  arrows.forEach((arrow) => {
    const statement = program.body.find((s) =>
      arrow.ownLine
        ? s.loc.end.line === arrow.line - 1 || s.loc.end.line === arrow.line
        : s.loc.end.line === arrow.line,
    );
    if (!statement) throw new Error(`line ${arrow.line}: \`// →\` follows no top-level statement`);
    if (statement.type.endsWith('Declaration') && statement.type !== 'FunctionDeclaration')
      throw new Error(`line ${arrow.line}: \`// →\` after a declaration shows nothing (show an expression)`);
    const check = JSON.stringify({ shown: arrow.text, line: arrow.line });
    if (statement.type === 'ExpressionStatement') {
      const expression = code.slice(statement.expression.start, statement.expression.end);
      edits.push({
        start: statement.start,
        end: statement.end,
        text: `__show.begin(${check}); try { __show.value([${expression}\n]); } catch (error) { __show.threw(error); } __show.end();`,
      });
    } else {
      edits.push({ start: statement.start, end: statement.start, text: `__show.begin(${check}); ` });
      edits.push({ start: statement.end, end: statement.end, text: ` __show.end();` });
    }
  });
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  const decodeAll = decoder ? '\n;__show.decodeAll(decode);' : '';
  return {
    source: `import * as __show from ${JSON.stringify(SHOW_MODULE)};\n${out}${decodeAll}\n;__show.done();\n`,
    checks: arrows.length,
  };
}
