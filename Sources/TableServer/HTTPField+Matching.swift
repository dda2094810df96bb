import HTTPTypes

extension HTTPField.Name {
    /// Whether `other` is this name: `==`, with the byte lengths compared first, since most names
    /// looked for differ in length from the names present and `String`'s `==` on two different
    /// names compares them in full. Exact because HTTPTypes makes every canonical name an ASCII
    /// token, lower-cased: two equal ones are the same bytes (`HTTPFieldMatchingTests` pins it).
    func matches(_ other: HTTPField.Name) -> Bool {
        let mine = canonicalName, theirs = other.canonicalName
        return mine.utf8.count == theirs.utf8.count && mine == theirs
    }
}
