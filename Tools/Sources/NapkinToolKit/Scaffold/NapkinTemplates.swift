/// The text of the files `napkin new` writes, for a napkin `name` below `parent`.
///
/// The code follows HomeNapkin: `Builder<any XDependency>`, `ViewableRouter`,
/// `PresentableInteractor`, and a view that is its interactor's presenter and reports the user's
/// input back through a weak `XPresentableListener`, which the interactor conforms to. A napkin
/// without a view (`--no-view`) has a plain `Router` and `Interactor`, as HomeNapkin's LoggedIn
/// does. One type family per file.
struct NapkinTemplates {
  var name: String
  var parent: String
  /// False for `--no-view`: no view file, a `Router` and an `Interactor`.
  var hasView = true
  /// The app's own view protocol (`--view-protocol`), which the view protocol refines instead of
  /// `ViewControllable`, with what the view must declare for it.
  var viewProtocol: ViewProtocol?

  /// The suffixes of every type the templates declare in the app (the name comes first).
  static let appTypeSuffixes = [
    "Dependency", "Component", "Buildable", "Builder", "Routing", "Router", "Listener",
    "Interactable", "Interactor", "Presentable", "PresentableListener", "ViewControllable", "View",
  ]

  /// The name as a property's starts: `Badge` gives `badge` (`badgeBuilder`).
  var lower: String { name.prefix(1).lowercased() + name.dropFirst() }

  var component: String {
    """
    import Napkin

    /// What the \(name) napkin needs from its parent's component. `nonisolated`: components read
    /// it from any thread, also in a target whose default isolation is `MainActor`.
    nonisolated protocol \(name)Dependency: Dependency {}

    /// The \(name) napkin's component: what it builds (`shared { }`), what it hands down
    /// (`dependency.x`), and the dependency protocols of its children.
    final class \(name)Component: Component<any \(name)Dependency>, @unchecked Sendable {
      // SAFETY: `@unchecked Sendable` is inherited from `Component`; this class adds no stored state.
      // Keep it that way: `let`s, `shared { }` and computed properties only (`napkin lint`).
    }

    """
  }

  var builder: String {
    // With a view, the view is built first: it is the interactor's presenter and the router's
    // view controller.
    let view = hasView ? "\n    let view = \(name)View()" : ""
    let presenter = hasView ? "presenter: view" : ""
    let viewController = hasView ? "viewController: view, " : ""
    return """
      import Napkin

      /// Builds the \(name) napkin.
      @MainActor
      protocol \(name)Buildable: Buildable {
        func build(withListener listener: any \(name)Listener) -> any \(name)Routing
      }

      /// Builds the \(name) napkin's component, \(hasView ? "view, " : "")interactor and router.
      final class \(name)Builder: Builder<any \(name)Dependency>, \(name)Buildable {
        func build(withListener listener: any \(name)Listener) -> any \(name)Routing {
          let component = \(name)Component(dependency: dependency)\(view)
          let interactor = \(name)Interactor(\(presenter))
          interactor.listener = listener
          return \(name)Router(interactor: interactor, \(viewController)component: component)
        }
      }

      """
  }

  var router: String {
    let router =
      hasView
      ? """
      /// Attaches and detaches the \(name) napkin's children.
      final class \(name)Router: ViewableRouter<any \(name)Interactable, any \(name)ViewControllable>,
        \(name)Routing
      {
        override init(
          interactor: any \(name)Interactable,
          viewController: any \(name)ViewControllable,
          component: (any Dependency)? = nil
        ) {
          super.init(interactor: interactor, viewController: viewController, component: component)
      """
      : """
      /// Attaches and detaches the \(name) napkin's children. The napkin has no view of its own:
      /// a child with one is shown in a view its parent hands in, as HomeNapkin's LoggedIn does.
      final class \(name)Router: Router<any \(name)Interactable>, \(name)Routing {
        override init(interactor: any \(name)Interactable, component: (any Dependency)? = nil) {
          super.init(interactor: interactor, component: component)
      """
    return """
      import Napkin

      /// What the \(name) interactor may ask of its router.
      @MainActor
      protocol \(name)Routing: \(hasView ? "ViewableRouting" : "Routing") {}

      \(router)
          interactor.router = self
        }
      }

      """
  }

  var interactor: String {
    let declaration =
      hasView
      ? """
      /// It hears the view's input as its presenter's listener.
      final class \(name)Interactor: PresentableInteractor<any \(name)Presentable>,
        \(name)Interactable, \(name)PresentableListener
      {
      """
      : """
      /// It has no view, so what ends its work is its own: it tells its parent when it is done.
      final class \(name)Interactor: Interactor, \(name)Interactable {
      """
    let finish =
      hasView
      ? """
      override init(presenter: any \(name)Presentable) {
          super.init(presenter: presenter)
          presenter.listener = self
        }

        override func didBecomeActive() {
          super.didBecomeActive()
          presenter.present(title: "\(name)")
        }

        func didRequestClose() {
      """
      : """
      /// The \(name) napkin's work is done: its parent detaches it.
        func finish() {
      """
    return """
      import Napkin

      /// What the \(name) napkin tells its parent; the parent's interactor conforms.
      @MainActor
      protocol \(name)Listener: AnyObject {
        func \(lower)DidFinish()
      }

      /// The \(name) interactor as its router sees it.
      @MainActor
      protocol \(name)Interactable: Interactable {
        var router: (any \(name)Routing)? { get set }
        var listener: (any \(name)Listener)? { get set }
      }

      /// The \(name) napkin's logic: active while attached; its tasks end when it is detached.
      \(declaration)
        weak var router: (any \(name)Routing)?
        weak var listener: (any \(name)Listener)?

        \(finish)
          listener?.\(lower)DidFinish()
        }
      }

      """
  }

  var view: String {
    let base = viewProtocol?.name ?? "ViewControllable"
    let routerNeeds =
      viewProtocol.map { "a \($0.name), as the app's views are" } ?? "what the \(name) router needs"
    var members = ""
    if let viewProtocol, !viewProtocol.members.isEmpty {
      members =
        "\n\n  // What \(viewProtocol.name) asks of a view, empty until this one has content.\n  "
        + viewProtocol.members.joined(separator: "\n").replacingOccurrences(of: "\n", with: "\n  ")
    }
    return """
      import Napkin

      /// What the \(name) interactor asks its view to show: the view is the presenter.
      @MainActor
      protocol \(name)Presentable: Presentable {
        var listener: (any \(name)PresentableListener)? { get set }
        func present(title: String)
      }

      /// What the \(name) view reports: the user's input, handled by the interactor.
      @MainActor
      protocol \(name)PresentableListener: AnyObject {
        func didRequestClose()
      }

      /// The \(name) view as its router sees it: \(routerNeeds).
      @MainActor
      protocol \(name)ViewControllable: \(base) {}

      /// The \(name) napkin's view: it keeps what it was asked to show and passes the user's
      /// input to its listener, held weakly (the interactor holds the view).
      @MainActor
      final class \(name)View: \(name)Presentable, \(name)ViewControllable {
        weak var listener: (any \(name)PresentableListener)?
        private(set) var title = ""

        func present(title: String) {
          self.title = title
        }

        /// The user asked to leave the \(name) napkin.
        func close() {
          listener?.didRequestClose()
        }\(members)
      }

      """
  }

  var edge: String {
    """
    import Napkin

    // The edge from \(parent) to \(name): `\(parent)Component` conforms to `\(name)Dependency`,
    // and handing `self` to the child's builder is where the compiler checks that it provides
    // all of it. The conformance is nonisolated, as the component is; the builder is a napkin
    // unit, on the main actor.
    nonisolated extension \(parent)Component: \(name)Dependency {
      @MainActor
      var \(lower)Builder: any \(name)Buildable {
        \(name)Builder(dependency: self)
      }
    }

    """
  }

  func test(module: String) -> String {
    // How each test builds the napkin, as its parent would.
    let build = """
      let listener = \(name)ListenerSpy()
          let router = \(name)Builder(dependency: \(name)DependencyFake())
            .build(withListener: listener)
      """
    let tests =
      hasView
      ? """
        @Test func theViewShowsTheTitleWhenTheNapkinBecomesActive() throws {
          \(build)
          let view = try #require(router.viewControllable as? \(name)View)
          #expect(view.title.isEmpty)

          router.interactable.activate()
          #expect(view.title == "\(name)")
          router.interactable.deactivate()
        }

        @Test func closingTheViewTellsTheListener() throws {
          \(build)
          let view = try #require(router.viewControllable as? \(name)View)
          router.interactable.activate()

          view.close()
      """
      : """
        @Test func theInteractorTellsTheListenerWhenItFinishes() throws {
          \(build)
          let interactor = try #require(router.interactable as? \(name)Interactor)
          router.interactable.activate()
          #expect(interactor.isActive)

          interactor.finish()
      """
    return """
      import Napkin
      import Testing

      @testable import \(module)

      @MainActor
      struct \(name)NapkinTests {
      \(tests)
          #expect(listener.finishCount == 1)
          router.interactable.deactivate()
        }
      }

      """
  }

  func fakes(module: String) -> String {
    """
    import Napkin

    @testable import \(module)

    /// Stands in for the \(name) napkin's parent component.
    nonisolated final class \(name)DependencyFake: \(name)Dependency {}

    /// Records what the \(name) napkin tells its parent.
    @MainActor
    final class \(name)ListenerSpy: \(name)Listener {
      private(set) var finishCount = 0

      func \(lower)DidFinish() {
        finishCount += 1
      }
    }

    """
  }
}
