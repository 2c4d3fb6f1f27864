import Napkin

final class FeedInteractor: Interactor {
  private let feed: Feed

  init(feed: Feed) {
    self.feed = feed
    super.init()
  }

  override func didBecomeActive() {
    super.didBecomeActive()
    task { await feed.refresh() }
    disposeOnDeactivate { feed.stop() }
  }
}

final class Loader {
  init(feed: Feed) {
    task { await feed.refresh() }
  }
}
