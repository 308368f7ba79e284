let validSchema = """
    name: Shop
    models:
      Item:
        fields:
          title: String
          price: { type: Double, default: 0 }
    """
