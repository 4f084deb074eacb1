// Stops `npm start`, `npm test` and the builds at once on a Node.js the product
// does not support, with one line. Plain old syntax on purpose: it must parse on
// any Node.js. The supported lines come from package.json's "engines".
'use strict';
var fs = require('fs');
var path = require('path');

var range = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).engines.node;
// "^22.22.0 || ^24.0.0" -> [[22, 22], [24, 0]]
var lines = range.split('||').map(function (part) {
  var m = /(\d+)\.(\d+)/.exec(part);
  return [Number(m[1]), Number(m[2])];
});
var have = process.versions.node.split('.').map(Number);
var lowest = lines[0];
var tooOld = have[0] < lowest[0] || (have[0] === lowest[0] && have[1] < lowest[1]) ||
  lines.some(function (l) { return have[0] === l[0] && have[1] < l[1]; });
if (tooOld) {
  var names = lines.map(function (l) { return l[1] ? l[0] + ' (' + l[0] + '.' + l[1] + ' or later)' : String(l[0]); });
  process.stderr.write('This site needs Node.js ' + names.join(' or ') + '; this is Node.js ' + process.version +
    '. See "Node.js" in README.md.\n');
  process.exit(1);
}
