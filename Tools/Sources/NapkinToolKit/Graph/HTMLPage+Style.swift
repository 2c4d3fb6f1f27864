extension HTMLPage {
  /// The page's style sheet: the tree's cards, the chips of members, the why panel and the
  /// marks a snapshot puts on them.
  static let style = """
    body { font: 14px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0;
      color: #1d2430; background: #f6f7f9; }
    header { display: flex; gap: 16px; align-items: center; padding: 12px 20px;
      background: #fff; border-bottom: 1px solid #dde1e6; position: sticky; top: 0; z-index: 2; }
    h1 { font-size: 17px; margin: 0; flex: 1; }
    #search { width: 280px; padding: 6px 10px; border: 1px solid #c4cad3; border-radius: 6px; }
    main { display: flex; gap: 20px; padding: 20px; align-items: flex-start; }
    #tree { flex: 1; overflow-x: auto; }
    #index { width: 260px; background: #fff; border: 1px solid #dde1e6; border-radius: 8px;
      padding: 10px 12px; max-height: 80vh; overflow-y: auto; position: sticky; top: 70px; }
    #index h2 { font-size: 13px; margin: 4px 0 8px; color: #5b6573; }
    #index a { display: block; color: #1d2430; text-decoration: none; padding: 1px 0; }
    #index a:hover { text-decoration: underline; }
    #index a span { color: #7a8494; }
    ul.level { list-style: none; margin: 0; padding-left: 28px; position: relative; }
    ul.roots { padding-left: 0; }
    ul.level > li { position: relative; padding: 8px 0 0 0; }
    ul.level:not(.roots) > li::before { content: ""; position: absolute; left: -16px; top: 0;
      bottom: 0; border-left: 2px solid #c4cad3; }
    ul.level:not(.roots) > li:last-child::before { bottom: auto; height: 30px; }
    ul.level:not(.roots) > li::after { content: ""; position: absolute; left: -16px; top: 30px;
      width: 14px; border-top: 2px solid #c4cad3; }
    .node { display: inline-block; background: #fff; border: 1px solid #c4cad3;
      border-radius: 8px; padding: 8px 12px; min-width: 240px; max-width: 720px;
      box-shadow: 0 1px 2px rgba(0,0,0,.05); }
    .node.orphan { border-style: dashed; }
    .node.flagged { border-color: #d4572a; box-shadow: 0 0 0 2px rgba(212,87,42,.15); }
    .node.hit, .member.hit { background: #fff4c2; }
    .name { font-weight: 600; font-size: 15px; }
    .via { color: #3a6fb0; font-size: 12px; margin-left: 6px; }
    .where { color: #7a8494; font-size: 11px; font-family: ui-monospace, Menlo, monospace; }
    .badge, .state { display: inline-block; border-radius: 9px; font-size: 11px; padding: 0 7px;
      margin-left: 6px; }
    .badge { background: #d4572a; color: #fff; }
    .group { margin-top: 4px; display: flex; align-items: baseline; }
    .kind { flex: 0 0 86px; color: #5b6573; font-size: 12px; }
    .members { flex: 1 1 auto; min-width: 0; }
    .member { display: inline-block; margin: 1px 8px 1px 0; padding: 0 4px; border-radius: 4px;
      cursor: pointer; }
    .member .where { margin-left: 3px; }
    .kind-shared .member { background: #e6f2e6; }
    .kind-per-key .member, .kind-stores .member { background: #e8eefa; }
    .kind-fresh .member, .kind-builders .member { background: #f1eefa; }
    .kind-pass-through .member, .kind-reads .member { background: #f2f2f2; }
    .findings { margin: 6px 0 0; padding-left: 18px; color: #8a3413; font-size: 12px; }
    .note { color: #7a8494; font-size: 12px; }
    .cycle { color: #8a3413; font-size: 12px; }
    .problems { background: #fff1ec; border: 1px solid #e8b7a4; border-radius: 8px;
      padding: 8px 12px; margin-bottom: 12px; font-size: 12px; }
    .status { font-size: 12px; color: #5b6573; }
    .status.failed { color: #b3261e; font-weight: 600; }
    #legend { padding: 6px 20px; background: #fff; border-bottom: 1px solid #dde1e6;
      font-size: 12px; color: #5b6573; }
    .state { border: 1px solid transparent; }
    .state:empty { display: none; }
    .state-active { background: #dff3e4; color: #1e6b38; border-color: #2e8b57; }
    .state-inactive { background: #fff6d6; color: #7a5c00; border-color: #c9a227; }
    .state-live { background: #e6eefb; color: #24508f; border-color: #3a6fb0; }
    .state-absent { background: #f2f2f2; color: #7a8494; border-color: #c4cad3; }
    .state-detached { background: #fdecec; color: #b3261e; border-color: #c62828; }
    .node[data-state="active"] { border-color: #2e8b57;
      box-shadow: 0 0 0 2px rgba(46,139,87,.25); }
    .node[data-state="inactive"] { border-color: #c9a227; border-style: dashed; }
    .node[data-state="live"] { border-color: #3a6fb0; }
    .node[data-state="absent"] { opacity: .45; }
    .node[data-state="detached"] { border-color: #c62828; background: #fdecec; }
    .detached-note { color: #b3261e; font-size: 12px; font-weight: 600; }
    .detached-note:empty { display: none; }
    .member.built { box-shadow: inset 0 0 0 1px #2e8b57; }
    .built-mark { display: inline-block; background: #2e8b57; color: #fff; border-radius: 4px;
      font-size: 10px; padding: 0 4px; margin-left: 4px; }
    .built-mark:empty, .built-description:empty { display: none; }
    .built-description { color: #1e6b38; font-size: 11px; margin-left: 3px; }
    .member.selected { outline: 2px solid #3a6fb0; }
    #why { border-bottom: 1px solid #dde1e6; margin-bottom: 8px; padding-bottom: 8px; }
    #why-lines { font: 11px/1.5 ui-monospace, Menlo, monospace; white-space: pre-wrap;
      overflow-wrap: anywhere; }
    .why-line { display: flex; flex-wrap: wrap; margin-bottom: 2px; }
    .why-gap { display: none; }
    .why-what { color: #24508f; margin-left: 1ch; }
    .why-where { order: 3; flex-basis: 100%; color: #7a8494; font-size: 10px;
      padding-left: 4ch; }
    .extra { color: #b3261e; font-size: 12px; margin-bottom: 8px; }
    .extra:empty { display: none; }
    """
}
