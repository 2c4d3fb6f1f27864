extension HTMLPage {
  /// The state of a running app on the tree: the marks of an embedded snapshot, and `?live=`,
  /// which reads the snapshot again every second and marks the tree in place. It runs inside
  /// ``script``'s function, after the tree is drawn, and closes it.
  static let snapshotScript = #"""
      // MARK: The state of a running app (Schema/napkin.schema.json, "kind": "tree-snapshot")

      const text = (value) => String(value ?? "");
      const list = (value) => (Array.isArray(value) ? value : []);

      // What the snapshot says of each component, by name: a snapshot napkin's `component.name`
      // is the graph's component name; without one, its router's name plus `Component`.
      function collect(snapshot) {
        const state = Object.create(null);
        const napkins = { attached: 0, active: 0, detached: 0 };
        const entry = (name) => (state[name] ??= {
          attached: 0, active: 0, ancestor: false, detached: [], shared: Object.create(null)
        });
        function addShared(e, component) {
          list(component?.shared).forEach((instance) => {
            if (!instance) { return; }
            const built = (e.shared[text(instance.name)] ??= { count: 0, types: [], descriptions: [] });
            const count = Number(instance.count);
            built.count += isFinite(count) && count > 0 ? count : 1;
            if (instance.type !== undefined) { built.types.push(text(instance.type)); }
            if (instance.description !== undefined) {
              built.descriptions.push(text(instance.description));
            }
          });
        }
        // An attached napkin (`seconds` undefined) or a detached one and its children. Bounded
        // depth: a snapshot fetched live is data from outside the page.
        function walk(napkin, seconds, depth) {
          if (!napkin || typeof napkin !== "object" || depth > 2000) { return; }
          const e = entry(napkin.component?.name !== undefined ?
            text(napkin.component.name) : text(napkin.name) + "Component");
          if (seconds !== undefined) {
            e.detached.push(seconds);
            napkins.detached += 1;
          } else {
            e.attached += 1;
            napkins.attached += 1;
            if (napkin.active === true) {
              e.active += 1;
              napkins.active += 1;
            }
            addShared(e, napkin.component);
          }
          list(napkin.children).forEach((child) => walk(child, seconds, depth + 1));
        }
        walk(snapshot.root, undefined, 0);
        list(snapshot.ancestorComponents).forEach((component) => {
          if (!component) { return; }
          const e = entry(text(component.name));
          e.ancestor = true;
          addShared(e, component);
        });
        list(snapshot.detached).forEach((item) => {
          const seconds = Number(item?.secondsSinceDetach);
          walk(item?.napkin, isFinite(seconds) ? seconds : 0, 0);
        });
        return { components: state, napkins: napkins };
      }

      function mark(box, e) {
        let state = "absent", label = "not attached";
        if (e?.attached) {
          state = e.active ? "active" : "inactive";
          label = e.attached !== 1 ? e.attached + " attached, " + e.active + " active" :
            e.active ? "active" : "attached, inactive";
        } else if (e?.ancestor) {
          state = "live";
          label = "live, no router";
        } else if (e?.detached.length) {
          state = "detached";
          label = "detached, still alive";
        }
        box.setAttribute("data-state", state);
        box.setAttribute("data-attached", String(e ? e.attached : 0));
        box.setAttribute("data-active", String(e ? e.active : 0));
        box.setAttribute("data-detached", String(e ? e.detached.length : 0));
        const badge = box.querySelector(".state");
        badge.className = "state state-" + state;
        badge.textContent = label;
        const age = (s) => (s < 10 ? s.toFixed(1) : Math.round(s)) + " s";
        box.querySelector(".detached-note").textContent = (e?.detached ?? [])
          .map((s) => "detached " + age(s) + " ago, still alive").join("; ");
        box.querySelectorAll(".member").forEach((chip) => {
          const built = e?.shared[chip.getAttribute("data-member")];
          const where = chip.title.split("\n")[0];
          const description = built ? built.descriptions.join("; ") : "";
          chip.classList.toggle("built", !!built);
          if (built) {
            chip.setAttribute("data-built", String(built.count));
          } else {
            chip.removeAttribute("data-built");
          }
          chip.querySelector(".built-mark").textContent =
            !built ? "" : built.count > 1 ? "built \u00d7" + built.count : "built";
          chip.querySelector(".built-description").textContent =
            description.length > 80 ? description.slice(0, 79) + "\u2026" : description;
          chip.title = !built ? where : where + "\n" + "built: " + built.types.join(", ") +
            (description ? " (" + description + ")" : "");
        });
      }

      // Marks the tree in place: nothing is rebuilt, so the scroll position, the search box and its
      // highlights, and the why panel stay as they are.
      function applySnapshot(snapshot) {
        const seen = collect(snapshot);
        for (const name in nodesByName) {
          nodesByName[name].forEach((box) => mark(box, seen.components[name]));
        }
        const unknown = Object.keys(seen.components).filter((name) => !byName[name]).sort();
        extra.textContent = unknown.length ?
          "In the snapshot but not in the sources: " + unknown.join(", ") : "";
        document.getElementById("legend").hidden = false;
        document.documentElement.setAttribute("data-snapshot-napkins", String(seen.napkins.attached));
        const n = seen.napkins;
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
        return !snapshot.root || typeof snapshot.root !== "object" ? "no root napkin" : null;
      }

      const status = document.getElementById("live-status");
      function say(message, failed) {
        status.hidden = false;
        status.textContent = message;
        status.classList.toggle("failed", !!failed);
      }
      // The reads of `?live=`, counted on the root element for a checker.
      const counts = { reads: 0, updates: 0, failures: 0 };
      const count = (name) =>
        document.documentElement.setAttribute("data-live-" + name, String(++counts[name]));

      if (data.snapshot) { say("snapshot: " + applySnapshot(data.snapshot)); }

      // `?live=tree.json`: the snapshot read again every second, beside the page only. Read with
      // XMLHttpRequest, which reads a file beside a `file:` page, where `fetch` cannot.
      const live = new URLSearchParams(window.location.search).get("live");
      if (live !== null) { startLive(live); }

      function startLive(path) {
        let url = null;
        try { url = new URL(path, window.location.href); } catch { }
        if (url?.protocol !== window.location.protocol || url.host !== window.location.host) {
          say("live: " + path + " is not beside the page; give a relative path such as tree.json",
            true);
          return;
        }
        function failed(reason) {
          say("live: cannot read " + path + " (" + reason + "); trying again every second", true);
          count("failures");
        }
        function poll() {
          const request = new XMLHttpRequest();
          request.open("GET", url.href);
          request.timeout = 5000;
          // A static server sends Last-Modified, which a browser may cache: always ask again.
          if (url.protocol !== "file:") { request.setRequestHeader("Cache-Control", "no-cache"); }
          request.onload = () => {
            const ok = request.status === 200 || (request.status === 0 && url.protocol === "file:");
            if (!ok) { return failed("HTTP " + request.status); }
            let snapshot;
            try { snapshot = JSON.parse(request.responseText); } catch (error) {
              return failed("not JSON: " + error.message);
            }
            const why = refusal(snapshot);
            if (why) { return failed(why); }
            const summary = applySnapshot(snapshot);
            say("live: " + path + ", " + summary + ", read " + new Date().toLocaleTimeString());
            count("updates");
          };
          request.onerror = () => failed("network error");
          request.ontimeout = () => failed("no answer in 5 s");
          request.onloadend = () => {
            count("reads");
            window.setTimeout(poll, 1000);
          };
          request.send();
        }
        say("live: reading " + path);
        poll();
      }

      // For a checker (and the curious): marks the tree with a snapshot object, as a live read does.
      window.napkinApplySnapshot = (snapshot) => {
        const why = refusal(snapshot);
        if (why) { throw new Error(why); }
        return applySnapshot(snapshot);
      };

      document.documentElement.setAttribute("data-rendered", String(data.components.length));
    })();
    """#
}
