/// The base class of a presenter that sits between an interactor and a view: it turns the
/// interactor's model into what the view displays.
///
/// Use it when formatting is worth its own object; otherwise let the view conform to the napkin's
/// ``Presentable`` protocol.
///
/// ```swift
/// final class ProfilePresenter: Presenter<any ProfileViewControllable>, ProfilePresentable {
///   func show(user: User) {
///     viewController.display(title: user.name, lines: ["Member since \(user.since)"])
///   }
/// }
/// ```
///
/// The presenter holds its view strongly; the view must not hold the presenter strongly.
///
/// Threading: main actor.
@MainActor
open class Presenter<ViewControllerType>: Presentable {
  /// The view this presenter drives.
  ///
  /// ```swift
  /// viewController.display(title: "Profile", lines: lines)
  /// ```
  ///
  /// Threading: main actor.
  public let viewController: ViewControllerType

  /// Creates a presenter that drives `viewController`.
  ///
  /// ```swift
  /// let presenter = ProfilePresenter(viewController: view)
  /// ```
  ///
  /// Threading: main actor.
  public init(viewController: ViewControllerType) {
    self.viewController = viewController
  }
}
