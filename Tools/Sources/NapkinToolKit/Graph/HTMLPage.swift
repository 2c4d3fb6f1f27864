/// The fixed part of `graph --format html`: its style and its script, around the data.
///
/// The script sets text only (`textContent`, `setAttribute` on fixed attribute names): names from
/// the sources and everything a tree snapshot says, embedded or fetched live, stay text.
enum HTMLPage {
  static func text(title: String, data: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escaped(title))</title>
    <script>
    // First, so that an error anywhere later is recorded where a checker can read it.
    window.napkinErrors = [];
    window.addEventListener("error", function (event) {
      window.napkinErrors.push(String(event.message));
      document.documentElement.setAttribute("data-script-errors", window.napkinErrors.join(" | "));
    });
    </script>
    <style>
    \(style)
    </style>
    </head>
    <body>
    <header>
      <h1 id="title"></h1>
      <span id="live-status" class="status" hidden></span>
      <input id="search" type="search" placeholder="Find a member or component" autocomplete="off">
    </header>
    <div id="legend" hidden>
      <span class="state state-active">active</span>
      <span class="state state-inactive">attached, inactive</span>
      <span class="state state-live">live, no router</span>
      <span class="state state-absent">not attached</span>
      <span class="state state-detached">detached, still alive</span>
      <span class="built-mark">built</span> a shared instance built
    </div>
    <main>
      <section id="tree" aria-label="Component tree"></section>
      <nav id="index" aria-label="Every member">
        <div id="why" hidden>
          <h2 id="why-title"></h2>
          <div id="why-lines"></div>
        </div>
      </nav>
    </main>
    <script type="application/json" id="napkin-data">
    \(data)
    </script>
    <script>
    \(script)
    </script>
    </body>
    </html>

    """
  }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
