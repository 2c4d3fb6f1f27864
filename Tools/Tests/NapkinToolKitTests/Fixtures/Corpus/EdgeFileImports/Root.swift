@preconcurrency import Foundation
public import Napkin

#if canImport(UIKit)
  import UIKit
#endif

final class RootComponent: EmptyComponent, @unchecked Sendable {
  var decoder: JSONDecoder { JSONDecoder() }
  var home: HomeComponent { HomeComponent(dependency: self) }
}
