/// Built-in input types (filters, updates, relative values) as the newest emulator's `prelude.gql` declares them.
enum PreludeInputs {
    typealias D = PreludeDSL

    /// How a scalar's filter is shaped.
    private struct FilterShape {
        var scalar: String
        /// `eq`/`ne` have an `_expr` alternative.
        var exprEquality: Bool
        /// `gt ge lt le` exist; and whether they have `_expr` alternatives.
        var comparisons: Bool
        var exprComparisons: Bool
        /// `_date`/`_time` alternative (suffix, type) for Date and Timestamp.
        var relative: (suffix: String, type: String)?
    }

    private static let shapes: [FilterShape] = [
        FilterShape(scalar: "String", exprEquality: true, comparisons: true, exprComparisons: false),
        FilterShape(scalar: "UUID", exprEquality: true, comparisons: false, exprComparisons: false),
        FilterShape(scalar: "Int", exprEquality: true, comparisons: true, exprComparisons: true),
        FilterShape(scalar: "Int64", exprEquality: true, comparisons: true, exprComparisons: true),
        FilterShape(scalar: "Float", exprEquality: true, comparisons: true, exprComparisons: true),
        FilterShape(scalar: "Boolean", exprEquality: true, comparisons: false, exprComparisons: false),
        FilterShape(scalar: "Any", exprEquality: true, comparisons: false, exprComparisons: false),
        FilterShape(scalar: "Date", exprEquality: true, comparisons: true, exprComparisons: true, relative: ("date", "Date_Relative")),
        FilterShape(scalar: "Timestamp", exprEquality: true, comparisons: true, exprComparisons: true,
                    relative: ("time", "Timestamp_Relative")),
        FilterShape(scalar: "Vector", exprEquality: false, comparisons: false, exprComparisons: false),
    ]

    /// Scalars whose lists can be changed with `X_ListUpdate`.
    private static let listUpdateScalars = ["String", "UUID", "Int", "Int64", "Float", "Boolean", "Date", "Timestamp", "Any"]

    static var types: [SchemaType] {
        shapes.flatMap { [filter($0), listFilter($0)] } + [stringPattern] + updates + relativeValues + [vectorEmbed, mutationEvent]
    }

    /// One operator plus its `_expr`/`_date`/`_time` alternatives, grouped with `@fdc_oneOf` when there are any.
    private static func op(_ name: String, _ shape: FilterShape, expr: Bool) -> [SchemaInputValue] {
        let group = expr || shape.relative != nil ? [D.oneOf(group: name)] : []
        var result = [D.arg(name, shape.scalar, nil, group)]
        if expr { result.append(D.arg("\(name)_expr", "\(shape.scalar)_Expr", nil, group)) }
        if let (suffix, type) = shape.relative { result.append(D.arg("\(name)_\(suffix)", type, nil, group)) }
        return result
    }

    private static func filter(_ shape: FilterShape) -> SchemaType {
        let scalar = shape.scalar
        var fields = [D.arg("isNull", "Boolean", "Matches null (true) or non-null (false) values.")]
        fields += ["eq", "ne"].flatMap { op($0, shape, expr: shape.exprEquality) }
        fields += [D.arg("in", "[\(scalar)!]", "Matches any of the values."), D.arg("nin", "[\(scalar)!]", "Matches none of the values.")]
        if shape.comparisons { fields += ["gt", "ge", "lt", "le"].flatMap { op($0, shape, expr: shape.exprComparisons) } }
        if scalar == "String" {
            fields += [
                D.arg("contains", "String", "Matches values containing this text."),
                D.arg("startsWith", "String", "Matches values starting with this text."),
                D.arg("endsWith", "String", "Matches values ending with this text."),
                D.arg("pattern", "String_Pattern", "Matches values against a LIKE pattern or regular expression."),
            ]
        }
        return D.input("\(scalar)_Filter", "Conditions on a `\(scalar)` value; all given conditions must hold.", fields)
    }

    private static func listFilter(_ shape: FilterShape) -> SchemaType {
        let scalar = shape.scalar
        let fields = op("includes", shape, expr: shape.relative != nil) + op("excludes", shape, expr: shape.relative != nil)
            + [D.arg("includesAll", "[\(scalar)!]", "Matches lists containing every value."),
               D.arg("excludesAll", "[\(scalar)!]", "Matches lists containing none of the values.")]
        return D.input("\(scalar)_ListFilter", "Conditions on a list of `\(scalar)` values.", fields)
    }

    private static var stringPattern: SchemaType {
        D.input("String_Pattern", "A text pattern; give `like` or `regex`.", [
            D.arg("like", "String", "A SQL LIKE pattern (`%` any text, `_` one character).", [D.oneOf()]),
            D.arg("regex", "String", "A POSIX regular expression.", [D.oneOf()]),
            D.arg("ignoreCase", "Boolean", "Whether letter case is ignored."),
        ])
    }

    private static var updates: [SchemaType] {
        let numeric: [(String, String)] = [
            ("Int", "Int"), ("Int64", "Int64"), ("Float", "Float"), ("Date", "Date_Duration"), ("Timestamp", "Timestamp_Duration"),
        ]
        let increments = numeric.map { scalar, amount in
            D.input("\(scalar)_Update", "Changes a `\(scalar)` column relative to its current value; give one operation.", [
                D.arg("inc", amount, "Adds this amount.", [D.oneOf()]),
                D.arg("dec", amount, "Subtracts this amount.", [D.oneOf()]),
            ])
        }
        let lists = listUpdateScalars.map { scalar in
            D.input("\(scalar)_ListUpdate", "Changes a `[\(scalar)]` column in place; give one operation.", [
                D.arg("append", "[\(scalar)!]", "Adds the values at the end.", [D.oneOf()]),
                D.arg("prepend", "[\(scalar)!]", "Adds the values at the start.", [D.oneOf()]),
                D.arg("add", "[\(scalar)!]", "Appends the values that are not present yet.", [D.oneOf()]),
                D.arg("remove", "[\(scalar)!]", "Removes every occurrence of the values.", [D.oneOf()]),
            ])
        }
        return increments + lists
    }

    private static var relativeValues: [SchemaType] {
        let from = D.oneOf(group: "from", required: true)
        let timestampUnits = ["milliseconds", "seconds", "minutes", "hours", "days", "weeks", "months", "years"]
        let dateUnits = ["days", "weeks", "months", "years"]
        return [
            D.input("Timestamp_Relative", "An instant computed on the server: a base, then offsets, then truncation.", [
                D.arg("now", "True", "Starts from the time the request arrives.", [from]),
                D.arg("at", "Timestamp", "Starts from this instant.", [from]),
                D.arg("add", "Timestamp_Duration", "Adds this duration."),
                D.arg("sub", "Timestamp_Duration", "Subtracts this duration."),
                D.arg("truncateTo", "Timestamp_Interval", "Rounds down to the start of this unit."),
            ], D.forbiddenBoth),
            D.input("Timestamp_Duration", "A length of time; the units add up.",
                    timestampUnits.map { D.arg($0, "Int!", default: 0) }, D.forbiddenBoth),
            D.input("Date_Relative", "A date computed on the server: a base, then offsets, then truncation.", [
                D.arg("today", "True", "Starts from the current UTC date.", [from]),
                D.arg("on", "Date", "Starts from this date.", [from]),
                D.arg("add", "Date_Duration", "Adds this duration."),
                D.arg("sub", "Date_Duration", "Subtracts this duration."),
                D.arg("truncateTo", "Date_Interval", "Rounds down to the start of this unit."),
            ], D.forbiddenBoth),
            D.input("Date_Duration", "A number of calendar units; the units add up.",
                    dateUnits.map { D.arg($0, "Int!", default: 0) }, D.forbiddenBoth),
        ]
    }

    private static var vectorEmbed: SchemaType {
        D.input("Vector_Embed", "A vector computed on the server from text with an embedding model.", [
            D.arg("model", "Vector_Embed_Model!", "The embedding model."),
            D.arg("text", "String!", "The text to embed."),
        ], [D.forbiddenAsVariableType])
    }

    private static var mutationEvent: SchemaType {
        D.input("OnMutationExecuted_Event", "A mutation whose execution refreshes a `@refresh` query.", [
            D.arg("operation", "String!", "The name of the mutation operation."),
            D.arg("condition", "Boolean_Expr", "Refresh only when this CEL condition over `mutation` and `request` holds."),
        ])
    }
}
