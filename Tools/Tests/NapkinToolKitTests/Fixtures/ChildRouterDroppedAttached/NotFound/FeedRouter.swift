import Napkin

final class FeedRouter: Router<any FeedInteractable>, FeedRouting {
  private let detailBuilder: any DetailBuildable
  private var detail: (any DetailRouting)?

  func routeToDetail() {
    guard detail == nil else { return }
    let child = detailBuilder.build(withListener: interactor)
    detail = child
    attachChild(child)
  }

  func routeToOtherDetail() {
    routeBack()
    let child = detailBuilder.build(withListener: interactor)
    self.detail = child
    attachChild(child)
  }

  func routeBack() {
    if let detail {
      detachChild(detail)
    }
    self.detail = nil
  }
}
