extension HTMLPage {
  /// The state of a running app on the tree: the marks of an embedded snapshot, and `?live=`,
  /// which reads the snapshot again every second and marks the tree in place. It runs inside
  /// ``script``'s function, after the tree is drawn, and closes it.
  static let snapshotScript = #"""
      // MARK: The state of a running app (Schema/napkin.schema.json, "kind": "tree-snapshot")

      function text(value) { return value === undefined || value === null ? "" : String(value); }
      function list(value) { return Array.isArray(value) ? value : []; }

      // What the snapshot says of each component, by name: a snapshot napkin's `component.name`
      // is the graph's component name; without one, its router's name plus `Component`.
      function collect(snapshot) {
        var state = Object.create(null);
        var napkins = { attached: 0, active: 0, detached: 0 };
        function entry(name) {
          return state[name] || (state[name] = {
            attached: 0, active: 0, ancestor: false, detached: [], shared: Object.create(null)
          });
        }
        function componentName(napkin) {
          return napkin.component && napkin.component.name !== undefined ?
            text(napkin.component.name) : text(napkin.name) + "Component";
        }
        function addShared(e, component) {
          if (!component) { return; }
          list(component.shared).forEach(function (instance) {
            if (!instance) { return; }
            var name = text(instance.name);
            var built = e.shared[name] || (e.shared[name] = { count: 0, types: [], descriptions: [] });
            var count = Number(instance.count);
            built.count += isFinite(count) && count > 0 ? count : 1;
            if (instance.type !== undefined) { built.types.push(text(instance.type)); }
            if (instance.description !== undefined) {
              built.descriptions.push(text(instance.description));
            }
          });
        }
        // Bounded depth: a snapshot fetched live is data from outside the page.
        function attached(napkin, depth) {
          if (!napkin || typeof napkin !== "object" || depth > 2000) { return; }
          var e = entry(componentName(napkin));
          e.attached += 1;
          napkins.attached += 1;
          if (napkin.active === true) { e.active += 1; napkins.active += 1; }
          addShared(e, napkin.component);
          list(napkin.children).forEach(function (child) { attached(child, depth + 1); });
        }
        function detached(napkin, seconds, depth) {
          if (!napkin || typeof napkin !== "object" || depth > 2000) { return; }
          entry(componentName(napkin)).detached.push(seconds);
          napkins.detached += 1;
          list(napkin.children).forEach(function (child) { detached(child, seconds, depth + 1); });
        }
        attached(snapshot.root, 0);
        list(snapshot.ancestorComponents).forEach(function (component) {
          if (!component) { return; }
          var e = entry(text(component.name));
          e.ancestor = true;
          addShared(e, component);
        });
        list(snapshot.detached).forEach(function (item) {
          if (!item) { return; }
          var seconds = Number(item.secondsSinceDetach);
          detached(item.napkin, isFinite(seconds) ? seconds : 0, 0);
        });
        return { components: state, napkins: napkins };
      }

      function age(seconds) {
        return seconds < 10 ? seconds.toFixed(1) + " s" : Math.round(seconds) + " s";
      }

      function mark(box, e) {
        var state = "absent", label = "not attached";
        if (e && e.attached) {
          state = e.active ? "active" : "inactive";
          if (e.attached === 1) {
            label = e.active ? "active" : "attached, inactive";
          } else {
            label = e.attached + " attached, " + e.active + " active";
          }
        } else if (e && e.ancestor) {
          state = "live"; label = "live, no router";
        } else if (e && e.detached.length) {
          state = "detached"; label = "detached, still alive";
        }
        box.setAttribute("data-state", state);
        box.setAttribute("data-attached", String(e ? e.attached : 0));
        box.setAttribute("data-active", String(e ? e.active : 0));
        box.setAttribute("data-detached", String(e ? e.detached.length : 0));
        var badge = box.querySelector(".state");
        badge.className = "state state-" + state;
        badge.textContent = label;
        box.querySelector(".detached-note").textContent = e && e.detached.length ?
          e.detached.map(function (s) { return "detached " + age(s) + " ago, still alive"; })
            .join("; ") : "";
        box.querySelectorAll(".member").forEach(function (chip) {
          var name = chip.getAttribute("data-member");
          var built = e ? e.shared[name] : undefined;
          var where = chip.title.split(String.fromCharCode(10))[0];
          chip.classList.toggle("built", !!built);
          if (built) {
            chip.setAttribute("data-built", String(built.count));
            chip.querySelector(".built-mark").textContent =
              built.count > 1 ? "built \u00d7" + built.count : "built";
            var description = built.descriptions.join("; ");
            chip.querySelector(".built-description").textContent =
              description.length > 80 ? description.slice(0, 79) + "\u2026" : description;
            chip.title = where + String.fromCharCode(10) + "built: " + built.types.join(", ") +
              (description ? " (" + description + ")" : "");
          } else {
            chip.removeAttribute("data-built");
            chip.querySelector(".built-mark").textContent = "";
            chip.querySelector(".built-description").textContent = "";
            chip.title = where;
          }
        });
      }

      // Marks the tree in place: nothing is rebuilt, so the scroll position, the search box and its
      // highlights, and the why panel stay as they are.
      function applySnapshot(snapshot) {
        var seen = collect(snapshot);
        Object.keys(nodesByName).forEach(function (name) {
          nodesByName[name].forEach(function (box) { mark(box, seen.components[name]); });
        });
        var unknown = Object.keys(seen.components).filter(function (name) {
          return !byName[name];
        }).sort();
        extra.textContent = unknown.length ?
          "In the snapshot but not in the sources: " + unknown.join(", ") : "";
        document.getElementById("legend").hidden = false;
        document.documentElement.setAttribute("data-snapshot-napkins", String(seen.napkins.attached));
        var n = seen.napkins;
        return n.attached + " attached (" + n.active + " active), " + n.detached +
          " detached but alive";
      }

      // A document this page can draw, or why not.
      function refusal(snapshot) {
        if (!snapshot || typeof snapshot !== "object" || Array.isArray(snapshot)) {
          return "not a JSON object";
        }
        if (snapshot.kind !== "tree-snapshot") {
          return "kind " + JSON.stringify(snapshot.kind) + ", not \"tree-snapshot\"";
        }
        if (snapshot.schema !== 1) {
          return "schema " + JSON.stringify(snapshot.schema) + "; this page reads schema 1";
        }
        if (!snapshot.root || typeof snapshot.root !== "object") { return "no root napkin"; }
        return null;
      }

      var status = document.getElementById("live-status");
      function say(message, failed) {
        status.hidden = false;
        status.textContent = message;
        status.classList.toggle("failed", !!failed);
      }

      if (data.snapshot) { say("snapshot: " + applySnapshot(data.snapshot)); }

      // `?live=tree.json`: the snapshot read again every second, beside the page only.
      var live = new URLSearchParams(window.location.search).get("live");
      if (live !== null) { startLive(live); }

      function startLive(path) {
        var url;
        try { url = new URL(path, window.location.href); } catch (error) { url = null; }
        if (!url || url.protocol !== window.location.protocol ||
          url.host !== window.location.host) {
          say("live: " + path + " is not beside the page; give a relative path such as tree.json",
            true);
          return;
        }
        var reads = 0, updates = 0, failures = 0;
        function failed(reason) {
          say("live: cannot read " + path + " (" + reason + "); trying again every second", true);
          document.documentElement.setAttribute("data-live-failures", String(++failures));
        }
        function poll() {
          var request = new XMLHttpRequest();
          request.open("GET", url.href);
          request.timeout = 5000;
          // A static server sends Last-Modified, which a browser may cache: always ask again.
          if (url.protocol !== "file:") { request.setRequestHeader("Cache-Control", "no-cache"); }
          request.onload = function () {
            var ok = request.status === 200 || (request.status === 0 && url.protocol === "file:");
            if (!ok) { failed("HTTP " + request.status); return; }
            var snapshot;
            try { snapshot = JSON.parse(request.responseText); } catch (error) {
              failed("not JSON: " + error.message);
              return;
            }
            var why = refusal(snapshot);
            if (why) { failed(why); return; }
            var summary = applySnapshot(snapshot);
            say("live: " + path + ", " + summary + ", read " + new Date().toLocaleTimeString());
            document.documentElement.setAttribute("data-live-updates", String(++updates));
          };
          request.onerror = function () { failed("network error"); };
          request.ontimeout = function () { failed("no answer in 5 s"); };
          request.onloadend = function () {
            document.documentElement.setAttribute("data-live-reads", String(++reads));
            window.setTimeout(poll, 1000);
          };
          request.send();
        }
        say("live: reading " + path);
        poll();
      }

      // For a checker (and the curious): marks the tree with a snapshot object, as a live read does.
      window.napkinApplySnapshot = function (snapshot) {
        var why = refusal(snapshot);
        if (why) { throw new Error(why); }
        return applySnapshot(snapshot);
      };

      document.documentElement.setAttribute("data-rendered", String(data.components.length));
    })();
    """#
}
