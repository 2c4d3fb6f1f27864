import Napkin

final class FeedRouter: Router<any FeedInteractable>, FeedRouting {
  private let detailBuilder: any DetailBuildable
  private var detail: (any DetailRouting)?

  func routeToDetail() {
    let child = detailBuilder.build(withListener: interactor)
    detail = child
    attachChild(child)
  }

  func routeBack() {
    self.detail = nil
  }
}
