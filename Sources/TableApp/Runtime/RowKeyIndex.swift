import Foundation
import TableKit

/// Where each key's row stands in a scene's sections, made once the scene has been asked a few
/// times: an export asks a 10,000-row list about each of its children, which made finding its
/// pages quadratic, while a request asks a scene once or twice, and making the index costs
/// several passes over the rows (each key hashed). Shared by the copies of a scene; a scene
/// whose sections change gets a new one.
final class RowKeyIndex: @unchecked Sendable {
    /// How many lookups pass over the rows before the index is made.
    static let lookupsBeforeIndex = 8

    private let lock = NSLock()
    private var lookups = 0
    private var positions: [String: IndexPath]?

    /// The index path of the first row with `key` in `sections` (those of the scene it belongs to).
    func indexPath(of key: String, in sections: [SceneSection]) -> IndexPath? {
        lock.withLock {
            lookups += 1
            if positions == nil, lookups > Self.lookupsBeforeIndex { positions = Self.positions(in: sections) }
            if let positions { return positions[key] }
            return Self.search(key, in: sections)
        }
    }

    private static func search(_ key: String, in sections: [SceneSection]) -> IndexPath? {
        for (section, rows) in sections.lazy.map(\.rows).enumerated() {
            if let row = rows.firstIndex(where: { $0.cell.key == key }) { return IndexPath(row: row, section: section) }
        }
        return nil
    }

    private static func positions(in sections: [SceneSection]) -> [String: IndexPath] {
        var positions: [String: IndexPath] = [:]
        positions.reserveCapacity(sections.reduce(0) { $0 + $1.rows.count })
        for (section, rows) in sections.lazy.map(\.rows).enumerated() {
            for (row, sceneRow) in rows.enumerated() where positions[sceneRow.cell.key] == nil {
                positions[sceneRow.cell.key] = IndexPath(row: row, section: section)
            }
        }
        return positions
    }
}
