/*
 * The site's read tools for an agent in the browser (WebMCP,
 * https://webmachinelearning.github.io/webmcp/): where the browser offers the
 * API, every page registers the tools of the site's MCP server, with the
 * names, descriptions and argument schemas its tools/list gives, read from
 * the document named by this script's data-tools attribute. A call reads the
 * JSON API and answers what the MCP tool answers: the record, or the page of
 * a list or search with each item as the tool shows it, as structured content
 * and as the same JSON in text. A browser without the API runs nothing more
 * than the test below: the page never needs this script.
 *
 * Chromium exposes the API as document.modelContext (behind
 * --enable-features=WebMCPTesting, or an origin trial), where registerTool
 * returns a promise; earlier drafts named it navigator.modelContext, and the
 * earliest registered every tool at once with provideContext({ tools }).
 * Unlike the MCP server, a call adds no note after the JSON (a page cut to
 * fit a client's budget, a search that found nothing: its `suggestions` say
 * it). Written in the syntax every browser parses, so one too old for the
 * API shows no error either.
 */
(function () {
  'use strict';

  var context = document.modelContext || navigator.modelContext;
  var script = document.currentScript;
  if (!context || !script || !script.dataset.tools || typeof fetch !== 'function') return;

  var JSON_ONLY = { headers: { accept: 'application/json' } };

  /** A tool result that says what went wrong and how to recover. */
  function failure(text) {
    return { content: [{ type: 'text', text: text }], isError: true };
  }

  /** The result of a call: the answer as structured content, and the same JSON as text. */
  function result(answer) {
    return { content: [{ type: 'text', text: JSON.stringify(answer) }], structuredContent: answer };
  }

  /** `fields` of `item` in their order, those it has. */
  function pick(item, fields) {
    var chosen = {};
    fields.forEach(function (field) {
      if (item[field] !== undefined) chosen[field] = item[field];
    });
    return chosen;
  }

  /** The offset of the REST answer's next page (its `next` link), null on the last page. */
  function nextOffset(next) {
    return next === null || next === undefined ? null : Number(new URL(next, location.href).searchParams.get('offset'));
  }

  /** A REST page as the MCP tool answers it: its members in the tool's order, each item as the tool shows it. */
  function pageOf(tool, body, full) {
    var answer = {};
    tool.result.forEach(function (member) {
      if (member === 'next_offset') answer.next_offset = nextOffset(body.next);
      else if (member === 'items') answer.items = full || !tool.choice ? body.items : body.items.map(function (item) { return pick(item, tool.choice); });
      else answer[member] = body[member];
    });
    return answer;
  }

  /** The arguments with the schema's defaults, or the sentence that refuses them. */
  function argumentsOf(tool, input) {
    var schema = tool.inputSchema || {};
    var properties = schema.properties || {};
    var args = {};
    Object.keys(properties).forEach(function (name) {
      if (properties[name].default !== undefined) args[name] = properties[name].default;
    });
    var given = input && typeof input === 'object' ? input : {};
    var unknown = Object.keys(given).filter(function (name) { return !(name in properties); });
    if (unknown.length) return { error: tool.name + ' has no argument ' + unknown.join(', ') + '; it takes ' + (Object.keys(properties).join(', ') || 'none') + '.' };
    Object.keys(given).forEach(function (name) { args[name] = given[name]; });
    var missing = (schema.required || []).filter(function (name) { return args[name] === undefined; });
    if (missing.length) return { error: 'Invalid arguments for ' + tool.name + ': ' + missing.join(', ') + ' is required.' };
    return { args: args };
  }

  /** The REST URL that answers `args`: the slug in the path, the other arguments as the parameters they are. */
  function urlOf(tool, args) {
    var path = tool.path.replace('{slug}', encodeURIComponent(String(args.slug === undefined ? '' : args.slug)));
    var query = new URLSearchParams();
    Object.keys(tool.parameters).forEach(function (name) {
      var value = args[name];
      // A list of values is one comma-separated parameter, as every filter of the API takes it.
      if (value !== undefined && value !== null) query.set(tool.parameters[name], Array.isArray(value) ? value.join(',') : String(value));
    });
    var search = query.toString();
    return search ? path + '?' + search : path;
  }

  /** A problem document (RFC 9457) as a tool failure: what went wrong, then where to find what exists. */
  function problemOf(tool, status, problem) {
    var words = [problem.detail || problem.title || 'The call failed.'];
    if (status === 404 && tool.recovery) words.push(tool.recovery);
    if (Array.isArray(problem.valid_slugs) && problem.valid_slugs.length) words.push('The valid slugs are: ' + problem.valid_slugs.join(', ') + '.');
    return failure(words.join(' '));
  }

  function call(tool, input) {
    var read = argumentsOf(tool, input);
    if (read.error) return Promise.resolve(failure(read.error));
    var args = read.args;
    return fetch(urlOf(tool, args), JSON_ONLY).then(
      function (response) {
        return response.json().then(function (body) {
          if (!response.ok) return problemOf(tool, response.status, body);
          // detail "full" is the tools' own argument: the API answers every item whole.
          return result(tool.result ? pageOf(tool, body, args.detail === 'full') : body);
        });
      },
      function () {
        return failure(tool.name + ' could not reach the site. Call it again in a moment.');
      },
    );
  }

  function offered(tool) {
    return {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: tool.annotations,
      execute: function (input) { return call(tool, input); },
    };
  }

  fetch(script.dataset.tools, JSON_ONLY)
    .then(function (response) { return response.ok ? response.json() : { tools: [] }; })
    .then(function (described) {
      var tools = described.tools.map(offered);
      if (typeof context.registerTool === 'function') {
        tools.forEach(function (tool) {
          // A tool the browser refuses (a name the page's own form took) is simply not offered.
          Promise.resolve(context.registerTool(tool)).catch(function () {});
        });
      } else if (typeof context.provideContext === 'function') {
        context.provideContext({ tools: tools });
      }
    })
    .catch(function () {});
})();
