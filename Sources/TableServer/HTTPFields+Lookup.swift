import HTTPTypes

extension HTTPFields {
    /// The value of the field `name`, as `self[name]` gives it (several fields' values joined by
    /// commas), or `nil`. `self[name]` joins even one value or none, which made header lookups a
    /// large part of a warm page's cost; this returns a lone field's value as it is.
    subscript(ifPresent name: HTTPField.Name) -> String? {
        guard let first = firstIndex(where: { $0.name == name }) else { return nil }
        return self[index(after: first)...].contains { $0.name == name } ? self[name] : self[first].value
    }
}
