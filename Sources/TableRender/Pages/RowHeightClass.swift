import TableKit

/// The class that gives a row its height. Pages may not carry inline styles (the content
/// security policy drops them), so `row-heights.css` holds one class per step and a height is
/// rounded to the nearest: 4 points up to 200, 20 points above.
enum RowHeightClass {
    /// Every height a class exists for.
    static let steps: [Int] = Array(stride(from: 20, to: 200, by: 4)) + Array(stride(from: 200, through: 800, by: 20))

    /// The class for `height`, or `nil` for a row that sizes itself.
    static func name(for height: RowHeight?) -> String? {
        guard let height else { return nil }
        let clamped = min(max(height.points, steps[0]), steps[steps.count - 1])
        let nearest = steps.min { abs($0 - clamped) < abs($1 - clamped) } ?? steps[0]
        switch height {
        case .fixed: return "row--height-\(nearest)"
        case .estimated: return "row--estimate-\(nearest)"
        }
    }
}
