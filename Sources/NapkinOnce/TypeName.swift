/// A type's name without its module, as a developer writes it in code: how every message of the
/// package names a type.
package func typeName(of type: Any.Type) -> String {
  String(describing: type)
}
