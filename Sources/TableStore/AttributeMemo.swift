import Foundation

/// Decoded attributes by their stored JSON text. Reading a list decodes every item's attributes,
/// and JSONDecoder costs microseconds per item; after an edit all but one item read back the same
/// text as before, so decoding is looked up instead. Keyed by the text itself, so it can never
/// answer for changed data. Bounded: past `capacity` texts it starts afresh.
final class AttributeMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var decoded: [String: [String: AttributeValue]] = [:]
    private let capacity: Int

    init(capacity: Int = 250_000) { self.capacity = capacity }

    func attributes(of text: String) throws -> [String: AttributeValue] {
        if let known = lock.withLock({ decoded[text] }) { return known }
        let attributes = try AttributeCoding.decode(text)
        lock.withLock {
            if decoded.count >= capacity { decoded.removeAll(keepingCapacity: true) }
            decoded[text] = attributes
        }
        return attributes
    }
}
