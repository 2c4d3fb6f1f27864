import Napkin

final class FeedInteractor: Interactor {
  private let feed: Feed

  init(feed: Feed) {
    self.feed = feed
    super.init()
    task { await feed.refresh() }
    disposeOnDeactivate { feed.stop() }
  }
}
