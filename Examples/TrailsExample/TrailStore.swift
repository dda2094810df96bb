import Foundation

/// The trails of a few regions, kept in memory: what a Swift app would keep in its own model or
/// database. Each region has a revision of its own, which every change to its trails bumps, so
/// that a page read before it can be told apart, and an edit of one region never waits on another.
final class TrailStore: @unchecked Sendable {
    struct Trail: Sendable {
        var key: String
        var name: String
        var location: String
        var miles: Double
    }

    struct Region: Sendable {
        var key: String
        var name: String
        var trails: [Trail]
    }

    /// A change a controller asks for, applied in `save`.
    enum Change: Sendable {
        case delete(trail: String, region: String)
        case move(trail: String, region: String, to: Int)
    }

    private let lock = NSLock()
    private var regions: [Region]
    private var revisions: [String: Int] = [:]

    init(regions: [Region]) { self.regions = regions }

    /// The regions and their trails as they are now.
    var regionsNow: [Region] { lock.withLock { regions } }

    /// The region `key` as it is now, with the revision it is at.
    func region(_ key: String) -> (region: Region, revision: Int)? {
        lock.withLock { regions.first { $0.key == key }.map { ($0, revisions[key, default: 1]) } }
    }

    /// Applies `changes` to the region `key` together if it is still at `revision`; returns whether it did.
    func apply(_ changes: [Change], toRegion key: String, basedOn expected: Int) -> Bool {
        lock.withLock {
            guard expected == revisions[key, default: 1] else { return false }
            for change in changes {
                switch change {
                case let .delete(trail, region):
                    guard let index = regions.firstIndex(where: { $0.key == region }) else { continue }
                    regions[index].trails.removeAll { $0.key == trail }
                case let .move(trail, region, destination):
                    guard let index = regions.firstIndex(where: { $0.key == region }),
                          let from = regions[index].trails.firstIndex(where: { $0.key == trail }) else { continue }
                    let moving = regions[index].trails.remove(at: from)
                    regions[index].trails.insert(moving, at: min(destination, regions[index].trails.count))
                }
            }
            revisions[key, default: 1] += 1
            return true
        }
    }

    /// The guide's regions and trails.
    static func sample() -> TrailStore {
        TrailStore(regions: [
            Region(key: "north-cascades", name: "North Cascades", trails: [
                Trail(key: "cascade-pass", name: "Cascade Pass", location: "Marblemount", miles: 7.4),
                Trail(key: "maple-pass", name: "Maple Pass Loop", location: "Rainy Pass", miles: 7.2),
                Trail(key: "blue-lake", name: "Blue Lake", location: "Washington Pass", miles: 4.4),
            ]),
            Region(key: "olympic-peninsula", name: "Olympic Peninsula", trails: [
                Trail(key: "hurricane-hill", name: "Hurricane Hill", location: "Port Angeles", miles: 3.2),
                Trail(key: "hoh-river", name: "Hoh River", location: "Forks", miles: 10.4),
            ]),
            Region(key: "mount-rainier", name: "Mount Rainier", trails: [
                Trail(key: "skyline", name: "Skyline Trail", location: "Paradise", miles: 5.5),
                Trail(key: "naches-peak", name: "Naches Peak Loop", location: "Chinook Pass", miles: 3.5),
            ]),
        ])
    }
}
