// "Try it out" posts the body example a reader picked, but the {game} path parameter keeps what its field shows
// (its first example, scopa). Every body example of a game operation names the game it was written for (x-game),
// so a request whose body is one of them goes to that game's path: whichever example is picked, it works as sent.
// A game the reader typed into the field is left alone.
(function () {
  "use strict";

  var GAME_PATH = /^\/v1\/games\/([^/]+)(\/[a-z-]+)$/;

  // JSON with the keys of every object sorted: the body as typed and the example as parsed compare equal.
  function canonical(value) {
    if (Array.isArray(value)) {
      return "[" + value.map(canonical).join(",") + "]";
    }
    if (value !== null && typeof value === "object") {
      return "{" + Object.keys(value).sort().map(function (key) {
        return JSON.stringify(key) + ":" + canonical(value[key]);
      }).join(",") + "}";
    }
    return JSON.stringify(value);
  }

  function resolve(spec, node) {
    while (node && typeof node.$ref === "string") {
      node = node.$ref.replace(/^#\//, "").split("/").reduce(function (found, part) {
        return found && found[part.replace(/~1/g, "/").replace(/~0/g, "~")];
      }, spec);
    }
    return node;
  }

  // "POST /play" -> {canonical body: game}, for every game operation's body examples; and the field's first game.
  function examplesOf(spec) {
    var byOperation = {};
    Object.keys(spec.paths || {}).forEach(function (path) {
      var found = GAME_PATH.exec(path.replace("{game}", "game"));
      if (!found) {
        return;
      }
      var item = spec.paths[path];
      Object.keys(item).forEach(function (method) {
        var body = resolve(spec, item[method] && item[method].requestBody);
        var media = body && body.content && body.content["application/json"];
        var examples = (media && media.examples) || {};
        Object.keys(examples).forEach(function (name) {
          var example = resolve(spec, examples[name]);
          if (example && example["x-game"]) {
            var key = method.toUpperCase() + " " + found[2];
            byOperation[key] = byOperation[key] || {};
            byOperation[key][canonical(example.value)] = example["x-game"];
          }
        });
      });
    });
    var parameter = resolve(spec, (spec.components.parameters || {}).Game) || {};
    var first = Object.keys(parameter.examples || {})[0];
    return { byOperation: byOperation, prefilled: first && resolve(spec, parameter.examples[first]).value };
  }

  var known = null;

  function requestInterceptor(request) {
    var url = new URL(request.url, window.location.href);
    var found = GAME_PATH.exec(url.pathname);
    if (!found || typeof request.body !== "string" || !window.ui) {
      return request;
    }
    known = known || examplesOf(window.ui.specSelectors.specJson().toJS());
    var body;
    try {
      body = JSON.parse(request.body);
    } catch (error) {
      return request; // not JSON: the service says so itself
    }
    var games = known.byOperation[String(request.method).toUpperCase() + " " + found[2]] || {};
    var game = games[canonical(body)];
    if (game && decodeURIComponent(found[1]) === known.prefilled && game !== known.prefilled) {
      url.pathname = "/v1/games/" + encodeURIComponent(game) + found[2];
      request.url = url.href;
    }
    return request;
  }

  window.cardrulesExamples = { requestInterceptor: requestInterceptor };
})();
