/// The base class of a presenter that sits between an interactor and a view: it turns the
/// interactor's model into what the view displays.
///
/// Use it when formatting is worth its own object; otherwise let the view conform to the napkin's
/// ``Presentable`` protocol.
///
/// ```swift
/// final class ProfilePresenter: Presenter<any ProfileScreen>, ProfileFormatting {
///   func show(user: User) {
///     viewController.display(title: "Profile", lines: ["Signed in as \(user.name)."])
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
  /// <!-- snippet-inside: final class Sketch: Presenter<any ProfileScreen> -->
  /// ```swift
  /// viewController.display(title: "Profile", lines: lines)
  /// ```
  ///
  /// Threading: main actor.
  public let viewController: ViewControllerType

  /// Creates a presenter that drives `viewController`.
  ///
  /// ```swift
  /// let presenter = Presenter(viewController: ProfileScreenView())
  /// ```
  ///
  /// Threading: main actor.
  public init(viewController: ViewControllerType) {
    self.viewController = viewController
  }
}
