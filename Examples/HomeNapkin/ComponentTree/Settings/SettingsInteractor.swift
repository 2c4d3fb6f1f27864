import Napkin

/// What the Settings router asks of its interactor.
@MainActor
protocol SettingsInteractable: Interactable {
  var router: (any SettingsRouting)? { get set }
  var listener: (any SettingsListener)? { get set }
}

/// What the Settings interactor shows.
@MainActor
protocol SettingsPresentable: Presentable {
  var listener: (any SettingsPresentableListener)? { get set }
  func show(events: [String], syncRequest: String)
}

/// What the Settings view reports.
@MainActor
protocol SettingsPresentableListener: AnyObject {
  func close()
}

/// Shows this session's analytics log (shared with Home and Profile) and the sync request.
final class SettingsInteractor: PresentableInteractor<any SettingsPresentable>,
  SettingsInteractable, SettingsPresentableListener
{
  weak var router: (any SettingsRouting)?
  weak var listener: (any SettingsListener)?
  private let analytics: HomeAnalytics
  private let requestBuilder: RequestBuilder

  init(
    presenter: any SettingsPresentable, analytics: HomeAnalytics, requestBuilder: RequestBuilder
  ) {
    self.analytics = analytics
    self.requestBuilder = requestBuilder
    super.init(presenter: presenter)
    presenter.listener = self
  }

  override func didBecomeActive() {
    analytics.track("settings")
    presenter.show(
      events: analytics.events, syncRequest: requestBuilder.request("PUT", "/settings"))
  }

  func close() {
    listener?.settingsDidRequestClose()
  }
}
