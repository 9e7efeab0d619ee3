/// English pluralization data of the MIT-licensed `pluralize` library (Blake Embrey), which Data Connect
/// uses for default plurals; kept in the library's order, since rule order decides which rule wins.
enum PluralRules {
    /// Irregular singular → plural pairs.
    static let irregular: [(String, String)] = [
        ("I", "we"), ("me", "us"), ("he", "they"), ("she", "they"), ("them", "them"),
        ("myself", "ourselves"), ("yourself", "yourselves"), ("itself", "themselves"),
        ("herself", "themselves"), ("himself", "themselves"), ("themself", "themselves"),
        ("is", "are"), ("was", "were"), ("has", "have"), ("this", "these"), ("that", "those"),
        ("echo", "echoes"), ("dingo", "dingoes"), ("volcano", "volcanoes"), ("tornado", "tornadoes"),
        ("torpedo", "torpedoes"), ("genus", "genera"), ("viscus", "viscera"), ("stigma", "stigmata"),
        ("stoma", "stomata"), ("dogma", "dogmata"), ("lemma", "lemmata"), ("schema", "schemata"),
        ("anathema", "anathemata"), ("ox", "oxen"), ("axe", "axes"), ("die", "dice"), ("yes", "yeses"),
        ("foot", "feet"), ("eave", "eaves"), ("goose", "geese"), ("tooth", "teeth"), ("quiz", "quizzes"),
        ("human", "humans"), ("proof", "proofs"), ("carve", "carves"), ("valve", "valves"),
        ("looey", "looies"), ("thief", "thieves"), ("groove", "grooves"), ("pickaxe", "pickaxes"),
        ("passerby", "passersby"), ("sms", "sms"),
    ]

    /// Plural rules as (pattern, replacement); tried from last to first. `$n` names a capture group.
    static let plural: [(String, String)] = [
        ("(?i)s?$", "s"),
        ("(?i)[^\\x{0}-\\x{7F}]$", "$0"),
        ("(?i)([^aeiou]ese)$", "$1"),
        ("(?i)(ax|test)is$", "$1es"),
        ("(?i)(alias|[^aou]us|t[lm]as|gas|ris)$", "$1es"),
        ("(?i)(e[mn]u)s?$", "$1s"),
        ("(?i)([^l]ias|[aeiou]las|[ejzr]as|[iu]am)$", "$1"),
        ("(?i)(alumn|syllab|vir|radi|nucle|fung|cact|stimul|termin|bacill|foc|uter|loc|strat)(?:us|i)$", "$1i"),
        ("(?i)(alumn|alg|vertebr)(?:a|ae)$", "$1ae"),
        ("(?i)(seraph|cherub)(?:im)?$", "$1im"),
        ("(?i)(her|at|gr)o$", "$1oes"),
        ("(?i)(agend|addend|millenni|dat|extrem|bacteri|desiderat|strat|candelabr|errat|ov|symposi|curricul|automat|quor)(?:a|um)$", "$1a"),
        ("(?i)(apheli|hyperbat|periheli|asyndet|noumen|phenomen|criteri|organ|prolegomen|hedr|automat)(?:a|on)$", "$1a"),
        ("(?i)sis$", "ses"),
        ("(?i)(?:(kni|wi|li)fe|(ar|l|ea|eo|oa|hoo)f)$", "$1$2ves"),
        ("(?i)([^aeiouy]|qu)y$", "$1ies"),
        ("(?i)([^ch][ieo][ln])ey$", "$1ies"),
        ("(?i)(x|ch|ss|sh|zz)$", "$1es"),
        ("(?i)(matr|cod|mur|sil|vert|ind|append)(?:ix|ex)$", "$1ices"),
        ("(?i)\\b((?:tit)?m|l)(?:ice|ouse)$", "$1ice"),
        ("(?i)(pe)(?:rson|ople)$", "$1ople"),
        ("(?i)(child)(?:ren)?$", "$1ren"),
        ("(?i)eaux$", "$0"),
        ("(?i)m[ae]n$", "men"),
        ("(?i)^thou$", "you"),
    ]

    /// Words that are never pluralized.
    static let uncountableWords: [String] = [
        "adulthood", "advice", "agenda", "aid", "aircraft", "alcohol", "ammo", "analytics", "anime",
        "athletics", "audio", "bison", "blood", "bream", "buffalo", "butter", "carp", "cash", "chassis",
        "chess", "clothing", "cod", "commerce", "cooperation", "corps", "debris", "diabetes", "digestion",
        "elk", "energy", "equipment", "excretion", "expertise", "firmware", "flounder", "fun", "gallows",
        "garbage", "graffiti", "hardware", "headquarters", "health", "herpes", "highjinks", "homework",
        "housework", "information", "jeans", "justice", "kudos", "labour", "literature", "machinery",
        "mackerel", "mail", "media", "mews", "moose", "music", "mud", "manga", "news", "only", "personnel",
        "pike", "plankton", "pliers", "police", "pollution", "premises", "rain", "research", "rice",
        "salmon", "scissors", "series", "sewage", "shambles", "shrimp", "software", "staff", "swine",
        "tennis", "traffic", "transportation", "trout", "tuna", "wealth", "welfare", "whiting",
        "wildebeest", "wildlife", "you",
    ]

    /// Uncountable patterns; they act as plural rules that keep the word, added after `plural`.
    static let uncountablePatterns: [String] = [
        "(?i)pok[eé]mon$", "(?i)[^aeiou]ese$", "(?i)deer$", "(?i)(fish)$", "(?i)measles$", "(?i)o[iu]s$",
        "(?i)pox$", "(?i)sheep$",
    ]
}
