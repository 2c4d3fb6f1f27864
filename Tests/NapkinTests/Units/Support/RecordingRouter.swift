import Napkin
import Observation

/// A router with a `RecordingInteractor` that logs `"<name> load"` from `didLoad()` and runs an
/// optional closure there, to attach children while loading.
@MainActor
final class RecordingRouter: Router<RecordingInteractor> {
  let name: String
  private let log: EventLog
  var onLoad: ((RecordingRouter) -> Void)?

  init(_ name: String, log: EventLog, component: (any Dependency)? = nil) {
    self.name = name
    self.log = log
    super.init(interactor: RecordingInteractor(name, log: log), component: component)
    leakDetector = .ignoringLeaks
  }

  override func didLoad() {
    log.record("\(name) load")
    onLoad?(self)
  }
}

/// A router with a view and a presenter, for the leak detector's roles.
@MainActor
final class ViewedRouter: ViewableRouter<PresentingInteractor, FakeView> {
  init(component: (any Dependency)? = nil) {
    let view = FakeView()
    super.init(
      interactor: PresentingInteractor(presenter: FakePresenter(viewController: view)),
      viewController: view, component: component)
    leakDetector = .ignoringLeaks
  }
}

/// An interactor that drives a `FakePresenter`.
@MainActor
final class PresentingInteractor: PresentableInteractor<FakePresenter> {}

/// A presenter in front of a `FakeView`.
@MainActor
final class FakePresenter: Presenter<FakeView> {}

/// A view that needs no UI framework.
@MainActor
final class FakeView: ViewControllable {}

/// A host that remembers what it was given.
@MainActor
final class FakeHost: ViewHost {
  private(set) var rootView: (any ViewControllable)?

  func present(rootView: any ViewControllable) {
    self.rootView = rootView
  }
}

/// A root router with a recording interactor and a fake view.
@MainActor
final class FakeRootRouter: LaunchRouter<RecordingInteractor, FakeView> {
  private let log: EventLog

  init(log: EventLog) {
    self.log = log
    super.init(interactor: RecordingInteractor("root", log: log), viewController: FakeView())
  }

  override func didLoad() {
    log.record("root load")
  }
}

/// A component with nothing in it, to watch a napkin's component.
final class FakeComponent: EmptyComponent, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` is inherited from `Component`; this class adds no stored state.
}

/// An interactor whose own state is observable with the `@Observable` macro, next to the
/// inherited `isActive`.
@Observable
@MainActor
final class ObservableInteractor: Interactor {
  var title = ""
}

extension LeakDetector {
  /// For tests about the tree, not about memory: a router a test keeps after detaching it (to
  /// attach it elsewhere, say) must not stop the run when a loaded machine (a sanitizer run)
  /// stretches the test past the grace period. The leak detector's own tests pass their own.
  static let ignoringLeaks = LeakDetector(gracePeriod: .seconds(1)) { _ in }
}
