import Napkin
import Testing

/// The lock-free read recognizes a key by the two words of its `String`; for a key that lives on
/// the heap those words hold its storage's address, so the component must keep that storage alive
/// for as long as it records the words: freed, the address could come back as another key's.
@Suite struct HeapKeyTests {
  @Test func aLaterHeapKeyIsNeverTakenForTheFirstOneWhoseStringIsGone() {
    let component = ManyKeysComponent(
      dependency: RaceRoot(), keyPrefix: "a key long enough to live on the heap, number ",
      namePrefix: "heap")
    // The first instance takes the inline slot; its key string is a temporary of this call.
    #expect(component.token(number: 0).name == "heap 0")
    for key in 1..<200 {
      // Each key is a fresh string of the same length, where the allocator would reuse a freed
      // block of the same size.
      #expect(component.token(number: key).name == "heap \(key)")
    }
    #expect(component.counter.count == 200)
  }
}
