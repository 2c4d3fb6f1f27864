/// An interactor that drives a presenter: the usual base class of a napkin with a view.
///
/// ```swift
/// @MainActor
/// protocol GreetingPresentable: Presentable {
///   func show(userName: String)
/// }
///
/// final class GreetingInteractor: PresentableInteractor<any GreetingPresentable> {
///   private let userService: UserService
///
///   init(presenter: any GreetingPresentable, userService: UserService) {
///     self.userService = userService
///     super.init(presenter: presenter)
///   }
///
///   override func didBecomeActive() {
///     presenter.show(userName: userService.currentUser?.name ?? "nobody")
///   }
/// }
/// ```
///
/// The interactor holds its presenter strongly; the presenter (often the view itself) must hold its
/// listener, this interactor, weakly, or neither is ever deallocated.
///
/// Threading: main actor, as ``Interactor``.
@MainActor
open class PresentableInteractor<PresenterType>: Interactor {
  /// The presenter this interactor pushes state to.
  ///
  /// <!-- snippet-inside: final class Sketch: PresentableInteractor<any LoggedOutPresentable> -->
  /// ```swift
  /// presenter.show(error: "Names are letters and digits only.")
  /// ```
  ///
  /// Threading: main actor.
  public let presenter: PresenterType

  /// Creates an inactive interactor that drives `presenter`.
  ///
  /// ```swift
  /// let interactor = HomeInteractor(
  ///   presenter: view, userService: userService, analytics: HomeAnalytics(userService: userService))
  /// ```
  ///
  /// Threading: main actor.
  public init(presenter: PresenterType) {
    self.presenter = presenter
  }
}

extension PresentableInteractor: PresenterHolding {
  var heldPresenter: AnyObject? {
    // A value-type presenter has no lifetime to watch; boxing it would watch a throwaway box.
    let value = presenter as Any
    return type(of: value) is AnyClass ? value as AnyObject : nil
  }
}

/// Lets the leak detector find a napkin's presenter without knowing the interactor's generic type.
@MainActor
protocol PresenterHolding {
  var heldPresenter: AnyObject? { get }
}
